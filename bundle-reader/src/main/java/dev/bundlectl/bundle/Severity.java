package dev.bundlectl.bundle;

/** How serious a {@link Diagnostic} is: errors make a bundle unusable, warnings do not. */
public enum Severity {
    ERROR,
    WARNING
}
