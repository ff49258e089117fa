package dev.bundlectl.bundle;

/**
 * Bounds that keep a hostile or broken input from exhausting time or memory while reading.
 *
 * <p>The defaults let every real bundle of the corpus through with room to spare (the largest
 * real file is ~2.4 MB, the longest real line ~220 KB, real CRDs nest ~40 deep) while rejecting
 * crafted inputs within a second.
 *
 * @param maxFileBytes the largest file read at all; checked with the file's size before a byte is
 *     read, so that a huge file costs nothing, and again while reading, which stops one byte past
 *     it (a file may understate its size)
 * @param maxLineBytes the longest line a YAML file may have. SnakeYAML scans a single-line scalar
 *     in time quadratic in its length, so a file under {@code maxFileBytes} that is one long line
 *     would still take minutes; this bound keeps the worst case well under a second
 * @param maxStringLength the longest scalar (in characters) and the longest YAML document (in code
 *     points) the parser accepts
 * @param maxNestingDepth the deepest nesting of mappings and sequences
 * @param maxAliasExpansionNodes how many tree nodes YAML alias expansion (merge keys included) may
 *     produce in one file; an alias bomb ("billion laughs") hits this bound at once
 */
public record ReaderLimits(
        long maxFileBytes,
        int maxLineBytes,
        int maxStringLength,
        int maxNestingDepth,
        int maxAliasExpansionNodes) {

    /** 16 MiB: the largest real bundle in the corpus is ~6.8 MB in total. */
    public static final long DEFAULT_MAX_FILE_BYTES = 16L * 1024 * 1024;
    /** 1 MiB: the longest real line (a CSV's {@code alm-examples}) is ~220 KB. */
    public static final int DEFAULT_MAX_LINE_BYTES = 1024 * 1024;
    /** 16 Mi characters: no string can be longer than the file that holds it. */
    public static final int DEFAULT_MAX_STRING_LENGTH = 16 * 1024 * 1024;
    /** 256: real CRD schemas nest about 40 levels deep. */
    public static final int DEFAULT_MAX_NESTING_DEPTH = 256;
    /** 100,000 nodes: real merge-key use produces a few thousand. */
    public static final int DEFAULT_MAX_ALIAS_EXPANSION_NODES = 100_000;

    public ReaderLimits {
        requirePositive(maxFileBytes, "maxFileBytes");
        if (maxFileBytes > Integer.MAX_VALUE - 8) {
            // Files are read into one array; Java arrays stop just short of 2 GiB.
            throw new IllegalArgumentException("maxFileBytes must be below 2 GiB: " + maxFileBytes);
        }
        requirePositive(maxLineBytes, "maxLineBytes");
        requirePositive(maxStringLength, "maxStringLength");
        requirePositive(maxNestingDepth, "maxNestingDepth");
        requirePositive(maxAliasExpansionNodes, "maxAliasExpansionNodes");
    }

    /** The limits described on each {@code DEFAULT_} constant. */
    public static ReaderLimits defaults() {
        return new ReaderLimits(
                DEFAULT_MAX_FILE_BYTES,
                DEFAULT_MAX_LINE_BYTES,
                DEFAULT_MAX_STRING_LENGTH,
                DEFAULT_MAX_NESTING_DEPTH,
                DEFAULT_MAX_ALIAS_EXPANSION_NODES);
    }

    private static void requirePositive(long value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }
}
