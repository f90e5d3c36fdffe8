/**
 * The browser APIs' settings of spec §9 ("Geolocation defaults: high accuracy, max age 30000
 * ms, timeout 27000 ms. Speech recognition defaults: en-US, continuous, interim results").
 */
export const geolocationDefaults: PositionOptions = {
  enableHighAccuracy: true,
  maximumAge: 30_000,
  timeout: 27_000,
};

export const speechRecognitionDefaults = {
  lang: "en-US",
  continuous: true,
  interimResults: true,
} as const;

/**
 * The language to listen in: the spec's en-US by default; a Spanish page listens in Spanish
 * (recognising Spanish speech with an English model fails).
 */
export function speechLanguage(locale: string): string {
  return locale.startsWith("es") ? "es-ES" : speechRecognitionDefaults.lang;
}
