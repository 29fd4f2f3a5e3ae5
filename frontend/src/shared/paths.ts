/** Top-level route paths (seed 002 §2.1, product §11). */
export const PATHS = {
  home: '/',
  admin: '/admin',
  founder: '/founder',
  /** The hidden founder route; reached by typing the key word while signed in. */
  founderControl: '/ct-scriven-founder-control',
  parentalConsent: '/parental-consent/:token',
  /** A shared reel (seed 002 §2.1): the viewer opens on it. */
  reel: '/reels/:id',
  /** A shared video (a video card's Share): the video opens with its player. */
  video: '/videos/:id',
  /** A shared movie: the Cinema room opens on it. */
  movie: '/movies/:id',
  /** Pages of the footer; they work signed in or out. */
  help: '/help',
  monetization: '/monetization',
  terms: '/terms',
  privacy: '/privacy',
  guidelines: '/guidelines',
} as const;
