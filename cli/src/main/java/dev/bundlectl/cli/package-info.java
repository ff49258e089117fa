/** The {@code bundlectl} command line: picocli commands, output formats and progress. */
package dev.bundlectl.cli;
