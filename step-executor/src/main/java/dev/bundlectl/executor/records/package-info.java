/**
 * Install records: what one {@code bundlectl install} planned, created and deleted, kept in the
 * install namespace as a Secret of type {@value dev.bundlectl.executor.records.RecordSecrets#TYPE}.
 *
 * <p>Records are never {@code operators.coreos.com} objects, because a cluster running OLM acts on
 * every InstallPlan it sees. A Secret needs only namespace-scoped permissions, and its data is
 * hidden from casual readers. The data holds a gzip-compressed JSON {@link
 * dev.bundlectl.executor.records.InstallRecord} in which every manifest body is replaced by its
 * sha256 digest, so no bundle Secret content is ever copied into a record.
 *
 * <p>{@link dev.bundlectl.executor.records.InstallRecordStore} saves, lists and prunes records
 * through the asynchronous {@code KubeApi}, every request under the executor's one retry policy.
 */
package dev.bundlectl.executor.records;
