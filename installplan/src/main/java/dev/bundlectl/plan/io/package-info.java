/**
 * Reading user-supplied YAML and JSON files safely: size caps, duplicate keys and YAML anchors
 * rejected, and one-line {@link dev.bundlectl.plan.io.InputFileException}s naming file and line.
 */
package dev.bundlectl.plan.io;
