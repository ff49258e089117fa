package dev.bundlectl.cli;

/** Prints a batch's summaries as they come, in input order, and then what the batch as a whole found. */
sealed interface BatchPrinter permits BatchTable, BatchJsonLines {

    /** One bundle's summary and planning time. */
    void bundle(BatchResult result);

    /** After the last bundle. */
    void finish(BatchTally tally);
}
