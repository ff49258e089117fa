/**
 * The project's one YAML and JSON reader: file size, line, string, nesting and alias-expansion
 * limits, YAML alias and merge-key expansion, and parse errors as one-line diagnostics. Besides
 * the trees, {@link dev.bundlectl.bundle.yaml.SafeYamlLoader} reports the anchors, aliases,
 * duplicate keys and document lines it met, so that stricter readers of hand-written files can
 * apply their own rules without parsing again.
 *
 * <ul>
 *   <li>{@link dev.bundlectl.bundle.yaml.SafeYaml}: reads one untrusted YAML or JSON file into a tree, or refuses it.</li>
 *   <li>{@link dev.bundlectl.bundle.yaml.Mappers}: every configured Jackson mapper of the main code, one per job.</li>
 * </ul>
 */
package dev.bundlectl.bundle.yaml;
