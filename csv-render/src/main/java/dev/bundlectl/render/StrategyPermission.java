package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ArrayNode;

/**
 * One entry of the CSV's {@code permissions} or {@code clusterPermissions}.
 *
 * @param field the entry's field path, e.g. {@code spec.install.spec.permissions[0]}
 * @param serviceAccountName the service account the rules are granted to
 * @param rules the RBAC policy rules as written (read-only); empty when the entry has none
 */
record StrategyPermission(String field, String serviceAccountName, ArrayNode rules) {
}
