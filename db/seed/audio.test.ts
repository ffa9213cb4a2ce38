import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoAudio, demoTune, renderTune, writeDemoEpisodeAudio } from "./audio";

let dir: string;
let written: Map<number, DemoAudio>;
const EPISODES = [1, 2, 3, 4, 5, 6, 7, 8];

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "demo-audio-"));
  written = await writeDemoEpisodeAudio(dir, "/media/demo", EPISODES);
});
afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

/** The MPEG audio frames of a file, walked header by header (the file must be nothing but frames). */
function mp3Frames(bytes: Buffer) {
  const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const RATES = [44_100, 48_000, 32_000];
  const frames: { kbps: number; rate: number; mono: boolean }[] = [];
  let at = 0;
  while (at < bytes.length) {
    const h = bytes.readUInt32BE(at);
    // 11 sync bits, MPEG-1 (11), Layer III (01).
    if (h >>> 21 !== 0x7ff || ((h >>> 19) & 3) !== 3 || ((h >>> 17) & 3) !== 1) throw new Error(`no frame at ${at}`);
    const kbps = BITRATES[(h >>> 12) & 15] ?? 0;
    const rate = RATES[(h >>> 10) & 3] ?? 0;
    const padding = (h >>> 9) & 1;
    frames.push({ kbps, rate, mono: ((h >>> 6) & 3) === 3 });
    at += Math.floor((144_000 * kbps) / rate) + padding;
  }
  expect(at).toBe(bytes.length);
  return frames;
}

describe("demo episode audio", () => {
  it("writes one MP3 per episode whose recorded length, type and duration match the file", async () => {
    expect([...written.keys()]).toEqual(EPISODES);
    for (const [n, audio] of written) {
      const bytes = await fsp.readFile(path.join(dir, `podcast-episode-${n}.mp3`));
      expect(audio.url).toBe(`/media/demo/podcast-episode-${n}.mp3`);
      expect(audio.type).toBe("audio/mpeg");
      expect(audio.bytes).toBe(bytes.length);
      expect(audio.durationSeconds).toBeGreaterThanOrEqual(5);
      expect(audio.durationSeconds).toBeLessThanOrEqual(15);
      expect(Number.isInteger(audio.durationSeconds)).toBe(true);
      const frames = mp3Frames(bytes);
      expect(frames.every((f) => f.kbps === 64 && f.rate === 44_100 && f.mono)).toBe(true);
      // 1152 samples a frame; the encoder adds about two frames of delay and padding.
      const seconds = (frames.length * 1152) / 44_100;
      expect(seconds).toBeGreaterThanOrEqual(audio.durationSeconds);
      expect(seconds).toBeLessThan(audio.durationSeconds + 0.2);
    }
  });

  it("gives every episode its own tune, loud enough to hear and never clipped", () => {
    const tunes = EPISODES.map((n) => renderTune(demoTune(n)));
    const fingerprints = new Set(
      tunes.map((pcm) => Array.from(pcm.subarray(22_050, 22_060), (v) => v.toFixed(4)).join()),
    );
    expect(fingerprints.size).toBe(EPISODES.length);
    for (const pcm of tunes) {
      let peak = 0;
      let energy = 0;
      for (const v of pcm) {
        peak = Math.max(peak, Math.abs(v));
        energy += v * v;
      }
      expect(peak).toBeLessThanOrEqual(0.71);
      expect(Math.sqrt(energy / pcm.length)).toBeGreaterThan(0.05);
      // It fades out rather than stopping mid-note.
      expect(Math.abs(pcm[pcm.length - 1] ?? 1)).toBeLessThan(0.001);
    }
  });
});
