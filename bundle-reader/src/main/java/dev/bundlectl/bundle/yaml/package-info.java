/**
 * Safe YAML and JSON loading: size, line, string, nesting and alias-expansion limits, YAML alias
 * and merge-key expansion, duplicate-key warnings, and parse errors as one-line diagnostics.
 */
package dev.bundlectl.bundle.yaml;
