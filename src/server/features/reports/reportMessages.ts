/** The spec's words for a report still being built (docs/product-spec.md §8), and ours beside them. */
export const FILE_GENERATING = 'File is being generated...';
export const NO_SUCH_FILE = 'No such file';
export const FILE_FAILED = 'The file could not be generated, please try again.';
