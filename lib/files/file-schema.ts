import { z } from "zod";
import { FILE_NAME_MAX, isValidFileName } from "./file-rules";

/**
 * The storage screen's schemas, shared by its forms (browser) and its commands (server).
 * A folder id of "" (the form's value for the top level) means the top level.
 */
export const fileNameField = z.string().trim().min(1).max(FILE_NAME_MAX).refine(isValidFileName);

export const folderIdField = z
  .union([z.literal(""), z.uuid()])
  .nullish()
  .transform((value) => value || null);

export const createFolderSchema = z.object({
  parentId: folderIdField,
  name: fileNameField,
});
export type CreateFolderInput = z.input<typeof createFolderSchema>;

export const renameFileSchema = z.object({
  id: z.uuid(),
  name: fileNameField,
});
export type RenameFileInput = z.input<typeof renameFileSchema>;

export const moveFileSchema = z.object({
  id: z.uuid(),
  targetId: folderIdField,
});
export type MoveFileInput = z.input<typeof moveFileSchema>;

export const deleteFileSchema = z.object({
  id: z.uuid(),
});
export type DeleteFileInput = z.input<typeof deleteFileSchema>;

/** An upload's metadata (the bytes travel as the request body). */
export const uploadFileSchema = z.object({
  parentId: folderIdField,
  name: fileNameField,
  size: z.number().int().nonnegative(),
});
export type UploadFileInput = z.input<typeof uploadFileSchema>;
