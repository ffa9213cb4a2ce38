import fs from "node:fs/promises";
import path from "node:path";

export const DEMO_AUDIO_SAMPLE_RATE = 44_100;
/** Mono at 64 kbit/s: plenty for soft tones, and MPEG-1 Layer III plays in every browser and podcast app. */
const BITRATE_KBPS = 64;
const MP3_TYPE = "audio/mpeg";

/** Triads as semitones above the key's root. */
const I = [0, 4, 7];
const II = [2, 5, 9];
const III = [4, 7, 11];
const IV = [5, 9, 12];
const V = [7, 11, 14];
const VI = [9, 12, 16];
/** Every progression ends on the home chord, so each clip sounds finished rather than cut off. */
const PROGRESSIONS = [
  [I, V, VI, I],
  [I, IV, V, I],
  [VI, IV, V, I],
  [I, VI, II, I],
  [I, III, IV, I],
  [IV, V, III, I],
];
const ARPEGGIOS = [
  [0, 1, 2, 1],
  [0, 2, 1, 2],
  [2, 1, 0, 1],
];
/** Whole or half seconds, so four chords always make a whole number of seconds (the feed's duration is exact). */
const CHORD_SECONDS = [1.5, 2, 2.5];

export type DemoTune = { root: number; chords: number[][]; arpeggio: number[]; chordSeconds: number };

/** A short chord progression, different for each episode number: key, chords, arpeggio and tempo all vary. */
export function demoTune(episode: number): DemoTune {
  const n = Math.max(0, Math.floor(episode));
  return {
    // Stepping the key by fifths keeps neighbouring episodes audibly apart.
    root: 50 + ((n * 7) % 12),
    chords: PROGRESSIONS[n % PROGRESSIONS.length] ?? [I, V, VI, I],
    arpeggio: ARPEGGIOS[n % ARPEGGIOS.length] ?? [0, 1, 2, 1],
    chordSeconds: CHORD_SECONDS[n % CHORD_SECONDS.length] ?? 2,
  };
}

export function tuneSeconds(tune: DemoTune): number {
  return tune.chords.length * tune.chordSeconds;
}

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

type Envelope = { attack: number; release: number; decay: number };

/**
 * Adds a note to `out`: a sine with a touch of its octave, faded in over `attack`, out over the last `release`
 * seconds, and dying away with time constant `decay` (0: held). Oscillators and decay run as recurrences; calling
 * Math.sin and Math.exp per sample made the demo seed several times slower.
 */
function addNote(
  out: Float32Array,
  startSeconds: number,
  lengthSeconds: number,
  midi: number,
  gain: number,
  overtone: number,
  env: Envelope,
) {
  const rate = DEMO_AUDIO_SAMPLE_RATE;
  const start = Math.round(startSeconds * rate);
  const length = Math.min(out.length - start, Math.round(lengthSeconds * rate));
  const w = (2 * Math.PI * hz(midi)) / rate;
  const c1 = 2 * Math.cos(w);
  const c2 = 2 * Math.cos(2 * w);
  let s1 = 0;
  let s1Prev = -Math.sin(w);
  let s2 = 0;
  let s2Prev = -Math.sin(2 * w);
  const attack = Math.max(1, env.attack * rate);
  const release = Math.max(1, env.release * rate);
  const fall = env.decay > 0 ? Math.exp(-1 / (env.decay * rate)) : 1;
  let level = gain;
  for (let k = 0; k < length; k++) {
    const shape = Math.min(1, k / attack, (length - k) / release);
    out[start + k] = (out[start + k] ?? 0) + level * shape * (s1 + overtone * s2);
    const n1 = c1 * s1 - s1Prev;
    s1Prev = s1;
    s1 = n1;
    const n2 = c2 * s2 - s2Prev;
    s2Prev = s2;
    s2 = n2;
    level *= fall;
  }
}

/** The tune as mono PCM in [-1, 1]: soft sustained chords under a bell-like arpeggio, faded in and out. */
export function renderTune(tune: DemoTune): Float32Array {
  const rate = DEMO_AUDIO_SAMPLE_RATE;
  const total = tuneSeconds(tune);
  const out = new Float32Array(Math.round(total * rate));
  const step = tune.chordSeconds / tune.arpeggio.length;
  tune.chords.forEach((chord, c) => {
    const at = c * tune.chordSeconds;
    // Each chord swells in and lingers a little into the next one, so the changes are smooth.
    const padLength = Math.min(tune.chordSeconds + 0.5, total - at);
    for (const note of [chord[0] ?? 0, ...chord].map((s, i) => tune.root + s - (i === 0 ? 12 : 0))) {
      addNote(out, at, padLength, note, 0.09, 0.3, { attack: 0.25, release: 0.5, decay: 0 });
    }
    tune.arpeggio.forEach((index, a) => {
      const bellAt = at + a * step;
      const note = tune.root + 12 + (chord[index] ?? 0);
      addNote(out, bellAt, Math.min(1.5, total - bellAt), note, 0.16, 0.2, {
        attack: 0.005,
        release: 0.05,
        decay: 0.35,
      });
    });
  });
  let peak = 0;
  for (const s of out) peak = Math.max(peak, Math.abs(s));
  const fadeIn = 0.05 * rate;
  const fadeOut = 0.8 * rate;
  const scale = peak > 0 ? 0.7 / peak : 0;
  for (let i = 0; i < out.length; i++) {
    const fade = Math.min(1, i / fadeIn, (out.length - i) / fadeOut);
    out[i] = (out[i] ?? 0) * scale * fade;
  }
  return out;
}

export type DemoAudio = { url: string; bytes: number; type: string; durationSeconds: number };

/**
 * Renders one short tune per episode, encodes it to MP3 and writes it under `dir`, returning what the feed's
 * enclosure needs. The files are always rewritten (it takes a few tens of milliseconds each), so the recorded
 * byte length always matches the file served.
 */
/** The file name of a demo episode's audio. */
export function demoEpisodeFile(episode: number): string {
  return `podcast-episode-${episode}.mp3`;
}

export async function writeDemoEpisodeAudio(
  dir: string,
  urlPrefix: string,
  episodes: readonly number[],
): Promise<Map<number, DemoAudio>> {
  // Loaded here, not at module load, so a server whose database is already seeded never compiles the encoder.
  const { createMp3Encoder } = await import("wasm-media-encoders");
  const encoder = await createMp3Encoder();
  await fs.mkdir(dir, { recursive: true });
  const result = new Map<number, DemoAudio>();
  for (const episode of episodes) {
    const tune = demoTune(episode);
    encoder.configure({ sampleRate: DEMO_AUDIO_SAMPLE_RATE, channels: 1, bitrate: BITRATE_KBPS });
    // The encoder owns the arrays it returns and reuses them on the next call, hence the copies.
    const body = encoder.encode([renderTune(tune)]).slice();
    const tail = encoder.finalize().slice();
    const mp3 = Buffer.concat([body, tail]);
    const name = demoEpisodeFile(episode);
    await fs.writeFile(path.join(dir, name), mp3);
    result.set(episode, {
      url: `${urlPrefix}/${name}`,
      bytes: mp3.length,
      type: MP3_TYPE,
      durationSeconds: tuneSeconds(tune),
    });
  }
  return result;
}
