/**
 * Podcast episodes and podcast subscriptions as the podcast page, the admin screens and the feed read them.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export {
  countPodcastSubscriptionsMatching,
  createEpisode,
  deleteEpisode,
  type EpisodeInput,
  type EpisodeRow,
  getEpisodeById,
  isEpisodeNumberTaken,
  listEpisodes,
  listPodcastSubscriptions,
  subscribeToPodcast,
  updateEpisode,
} from "~/queries/podcast.server";
