import { t } from "@lingui/core/macro";
import { bidiMessage, hasBidiControls } from "~/domain/bidi";
import { idField, numberish, requiredText } from "./common";
import { check, oneOf, z } from "./messages";

// docs/product.md §7 'Machine files' bodies and §5 'Spreadsheet and CSV', shared by the screens and /api.

export const FILE_TYPES = ["print", "cut"] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** docs/product.md §5: a save needs file name and machine. */
export const bothRequiredMessage = () => t`Please fill in both file name and machine assignment`;
export const selectedRowsRequiredMessage = () => t`Please fill in file name and machine for selected rows`;

const material = z.preprocess(
  (v) => (v === null || v === undefined ? "" : v),
  z
    .string()
    .trim()
    .max(
      100,
      check(() => t`Material must be at most 100 characters`),
    )
    .refine((s) => !hasBidiControls(s), check(bidiMessage)),
);

const fileSize = numberish(
  z
    .number({ error: () => t`File size must be a number of bytes` })
    .int(check(() => t`File size must be a whole number of bytes`))
    .min(
      0,
      check(() => t`File size must be 0 or more`),
    )
    .max(
      Number.MAX_SAFE_INTEGER,
      check(() => t`File size is too large`),
    ),
);

/** POST /api/machine-ready-files (and one row of a bulk save). */
export const MachineFileCreateSchema = z.object({
  name: requiredText(() => t`Name is required`, 255).optional(),
  fileName: requiredText(bothRequiredMessage, 255),
  machine: requiredText(bothRequiredMessage, 100),
  fileType: requiredText(() => t`File type is required`, 50).optional(),
  filePath: requiredText(() => t`File path is required`, 1000).optional(),
  fileSize: fileSize.optional(),
  description: material.optional(),
  projectId: idField(() => t`Project must be a project id`)
    .nullable()
    .optional(),
});

export const MachineFileBulkSchema = z.object({
  files: z
    .array(MachineFileCreateSchema)
    .min(
      1,
      check(() => t`Add at least one file with a name and a machine`),
    )
    .max(
      5000,
      check(() => t`At most 5,000 files at once`),
    ),
});

/**
 * PATCH /api/machine-ready-files/{id}: a spreadsheet edit (fileName, machine, description, name), a completion
 * (isCompleted, with completedBy that the server ignores: the signed-in member completes), or qrCodeClicked true.
 */
export const MachineFilePatchSchema = z
  .object({
    name: requiredText(() => t`Name is required`, 255).optional(),
    fileName: requiredText(bothRequiredMessage, 255).optional(),
    machine: requiredText(bothRequiredMessage, 100).optional(),
    description: material.optional(),
    isCompleted: z.boolean({ error: () => t`isCompleted must be true or false` }).optional(),
    completedBy: z.unknown().optional(),
    qrCodeClicked: z.literal(true, { error: () => t`qrCodeClicked can only be set to true: a QR code once opened stays opened` }).optional(),
  })
  .refine(
    (p) => Object.entries(p).some(([k, v]) => k !== "completedBy" && v !== undefined),
    check(() => t`Nothing to change: send fileName, machine, description, name, isCompleted or qrCodeClicked`),
  );

export const MACHINE_FILE_EDIT_FIELDS = ["name", "fileName", "machine", "description"] as const;

export const ReorderSchema = z.object({
  files: z
    .array(
      z.object({
        id: idField(() => t`Each file needs its id`),
        sortOrder: z
          .number({ error: () => t`sortOrder must be a whole number from 1` })
          .int(check(() => t`sortOrder must be a whole number from 1`))
          .min(
            1,
            check(() => t`sortOrder starts at 1`),
          )
          .max(
            1_000_000,
            check(() => t`sortOrder is too large`),
          ),
      }),
    )
    .min(
      1,
      check(() => t`List the files in their new order`),
    )
    .max(
      20_000,
      check(() => t`At most 20,000 files at once`),
    )
    .refine(
      (files) => new Set(files.map((f) => f.id)).size === files.length,
      check(() => t`A file appears twice in the new order`),
    ),
});

export const UploadCsvSchema = z.object({
  csvData: z.string({ error: () => t`Please select a CSV file first` }).refine(
    (s) => s.trim() !== "",
    check(() => t`Please select a CSV file first`),
  ),
  defaultFileType: requiredText(() => t`File type is required`, 50).optional(),
  defaultProjectId: idField(() => t`defaultProjectId must be a project id`)
    .nullable()
    .optional(),
});

const fileType = z.preprocess((v) => (v === undefined || v === null || v === "" ? "print" : v), oneOf(FILE_TYPES));

/** POST /api/items/{id}/assign-file. `userId` is accepted for the product's clients and ignored: the session decides. */
export const AssignFileSchema = z.object({
  fileId: idField(() => t`Choose a file to assign`),
  fileType,
  userId: z.unknown().optional(),
});

/** DELETE /api/items/{id}/unassign-file. */
export const UnassignFileSchema = z.object({
  fileType,
  userId: z.unknown().optional(),
});

// conform hands an empty field over as undefined, and runs no preprocess on undefined: the default catches it.
const cell = (max: number) =>
  z
    .string()
    .trim()
    .max(
      max,
      check(() => t`At most ${max} characters`),
    )
    .refine((s) => !hasBidiControls(s), check(bidiMessage))
    .default("");

/** One spreadsheet row as the page's form posts it (`rows[3].fileName`); empty cells are empty strings. */
export const SpreadsheetRowSchema = z.object({
  id: idField(() => t`Row id must be a file id`).optional(),
  fileName: cell(255),
  machine: cell(100),
  material: cell(100),
  selected: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).optional(),
});

/** The spreadsheet page's form: every row, and what the pressed button asks for. */
export const SpreadsheetFormSchema = z.object({
  intent: z.string().max(40),
  rows: z
    .array(SpreadsheetRowSchema)
    .max(
      5000,
      check(() => t`At most 5,000 rows at once`),
    )
    .default([]),
});
export type SpreadsheetRow = z.infer<typeof SpreadsheetRowSchema>;
