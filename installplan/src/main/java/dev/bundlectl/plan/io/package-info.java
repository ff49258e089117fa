/**
 * Reading user-supplied YAML and JSON files strictly over the bundle reader's
 * {@link dev.bundlectl.bundle.yaml.SafeYamlLoader}: size caps, one document, duplicate keys and
 * YAML anchors rejected ({@link dev.bundlectl.plan.io.StrictDocument}), and one-line
 * {@link dev.bundlectl.plan.io.InputFileException}s naming file and line.
 */
package dev.bundlectl.plan.io;
