/** Where a tool-description variant was declared, for error messages. */
export type VariantOrigin = { readonly file?: string; readonly line?: number; readonly field: string }

/** A declared tool-description variant: a name and a tools file or patch file (absolute path). */
export type VariantSpec = { readonly name: string; readonly file: string; readonly origin: VariantOrigin }
