/**
 * Settings the browser's code may read: build-time constants that next.config.ts's `env`
 * inlines into every bundle (each is read as a literal `process.env.NAME`, which is what the
 * bundler replaces). Nothing secret belongs here.
 */

/** The icon sprite's version (next.config.ts: the icon list and lucide's version). */
export const iconSpriteVersion: string = process.env.ICON_SPRITE_VERSION ?? "dev";
