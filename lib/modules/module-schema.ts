import { z } from "zod";
import { moduleNames, moduleTiers } from "./catalogue";

/** The module switch forms (on with a tier, off), shared by the browser and the action. */
export const enableModuleSchema = z.object({
  module: z.enum(moduleNames),
  tier: z.enum(moduleTiers),
});
export type EnableModuleInput = z.input<typeof enableModuleSchema>;

export const disableModuleSchema = z.object({ module: z.enum(moduleNames) });
export type DisableModuleInput = z.input<typeof disableModuleSchema>;
