package dev.bundlectl.source.reference;

/** Where a bundle (or catalog) comes from, as the user named it. */
public sealed interface SourceReference
        permits LocalDirectory, ImageReference {

    /** The reference as the user wrote it, for messages and for the plan's record. */
    String text();
}
