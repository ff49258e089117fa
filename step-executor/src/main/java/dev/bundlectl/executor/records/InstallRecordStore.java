package dev.bundlectl.executor.records;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.net.HttpURLConnection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Saves, finds and prunes install records, kept as Secrets in the install namespace (see
 * {@link RecordSecrets}). Only namespace-scoped permissions on Secrets are needed, except to list
 * records in all namespaces.
 *
 * <p><b>Requests.</b> Everything goes through the asynchronous {@link KubeApi} given to the
 * constructor; pass one that retries (see {@code ClusterConnection.api(RetryPolicy)}), so that a
 * 429, a 5xx, a reset or a timeout is retried under the executor's one retry policy. No method
 * blocks. Futures fail with an {@link InstallRecordException} whose message is one line for the
 * user.
 *
 * <p><b>Saving twice.</b> A run saves its record when it starts and again when it ends. The store
 * remembers the {@code resourceVersion} of each record it wrote, so the second save is one update
 * made on that version, rather than a create the server refuses, a read and an update. An update
 * the server refuses because the Secret changed or went meanwhile falls back to the full path.
 */
public final class InstallRecordStore {

    /** How many installs of a package are kept by default. */
    public static final int DEFAULT_KEEP_PER_PACKAGE = 10;

    private static final ApiResource SECRETS = new ApiResource("", "v1", "Secret", "secrets", true);
    private static final String MANAGED = RecordSecrets.LABEL_MANAGED_BY + "=" + RecordSecrets.MANAGED_BY;
    private static final int PAGE_SIZE = 250;

    // A concurrent save or edit of the same Secret makes an update stale; a few tries settle it.
    private static final int UPDATE_ATTEMPTS = 3;

    private static final Comparator<Instant> NEWEST_FIRST = Comparator.nullsLast(Comparator.reverseOrder());
    private static final Comparator<RecordEntry> ENTRIES_NEWEST_FIRST =
            Comparator.comparing(RecordEntry::startTime, NEWEST_FIRST)
                    .thenComparing(RecordEntry::namespace)
                    .thenComparing(RecordEntry::name, Comparator.reverseOrder());
    private static final Comparator<RecordSecret> SECRETS_NEWEST_FIRST =
            Comparator.comparing(RecordSecrets::startTimeOf, NEWEST_FIRST)
                    .thenComparing(RecordSecret::name, Comparator.reverseOrder());

    private final KubeApi api;
    private final int keepPerPackage;
    private final InstallRecordCodec codec;
    /** The resourceVersion of each record this store wrote last, by namespace and name. */
    private final Map<String, String> written = new ConcurrentHashMap<>();

    /** A store that keeps {@value #DEFAULT_KEEP_PER_PACKAGE} installs per package. */
    public InstallRecordStore(KubeApi api) {
        this(api, DEFAULT_KEEP_PER_PACKAGE, new InstallRecordCodec());
    }

    /**
     * @param api the API server, retrying transient failures
     * @param keepPerPackage how many installs of one package to keep, at least 1
     * @param codec the record codec (its size limit applies to saves)
     */
    public InstallRecordStore(KubeApi api, int keepPerPackage, InstallRecordCodec codec) {
        if (keepPerPackage < 1) {
            throw new IllegalArgumentException("keepPerPackage must be at least 1, not " + keepPerPackage);
        }
        this.api = Objects.requireNonNull(api, "api");
        this.keepPerPackage = keepPerPackage;
        this.codec = Objects.requireNonNull(codec, "codec");
    }

    /**
     * Saves a record: creates its Secret, or updates it when it exists (a run saves its record
     * more than once). Then deletes the oldest records of the package beyond the retention
     * count; failures there become warnings, not a failed save.
     */
    public Future<SavedRecord> save(InstallRecord record) {
        return save(record, true);
    }

    /**
     * Saves a run's first record, as {@link #save} does but without deleting old records: the run's
     * last save does that, so the run does not wait for the listing and the deletions before it
     * applies anything. (A run that never gets to its last save leaves one record more than the
     * retention count until the next run of the package saves.)
     */
    public Future<SavedRecord> saveFirst(InstallRecord record) {
        return save(record, false);
    }

    private Future<SavedRecord> save(InstallRecord record, boolean prune) {
        Objects.requireNonNull(record, "record");
        EncodedRecord encoded;
        try {
            encoded = codec.encode(record);
        } catch (InstallRecordException e) {
            return Future.failedFuture(e);
        }
        List<String> warnings = new ArrayList<>();
        boolean existsAlready = written.containsKey(where(record));
        Future<Void> writing = write(RecordSecrets.toSecret(record, encoded), record);
        Future<List<String>> pruning;
        if (!prune) {
            pruning = writing.map(List.of());
        } else if (existsAlready) {
            // This store created the record earlier in the run, so it is one of the package's records
            // already: the old ones are pruned while it is updated, not one round trip after.
            Future<List<String>> pruned = prune(record, warnings);
            pruning = Future.all(writing, pruned).map(both -> pruned.result());
        } else {
            pruning = writing.compose(written -> prune(record, warnings));
        }
        return pruning.map(pruned -> new SavedRecord(record.namespace(), record.name(), encoded.size(),
                encoded.shortenedMessages(), pruned, warnings));
    }

    /**
     * All records in a namespace, or in all namespaces when {@code namespace} is null, newest
     * first. A Secret of the record type that cannot be read is listed as
     * {@link RecordEntry.Unreadable} rather than failing the listing.
     */
    public Future<List<RecordEntry>> list(String namespace) {
        return api.listAll(SECRETS, namespace, MANAGED, PAGE_SIZE)
                .recover(error -> Future.failedFuture(listFailure(namespace, error)))
                .map(objects -> {
                    List<RecordEntry> entries = new ArrayList<>();
                    for (ObjectNode object : objects) {
                        RecordSecret secret = new RecordSecret(object);
                        if (RecordSecrets.isRecord(secret)) {
                            entries.add(entry(secret));
                        }
                    }
                    entries.sort(ENTRIES_NEWEST_FIRST);
                    return entries;
                });
    }

    /**
     * The Secrets of every record in {@code namespace}, undecoded: enough to tell which packages
     * hold records there ({@link RecordSecrets#isRecordOf}) without reading the records themselves.
     */
    public Future<List<RecordSecret>> recordSecrets(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        return api.listAll(SECRETS, namespace, MANAGED, PAGE_SIZE).map(objects -> {
            List<RecordSecret> secrets = new ArrayList<>();
            for (ObjectNode object : objects) {
                RecordSecret secret = new RecordSecret(object);
                if (RecordSecrets.isRecord(secret)) {
                    secrets.add(secret);
                }
            }
            return secrets;
        });
    }

    /**
     * One record by name; empty if there is no such Secret. Fails with
     * {@link InvalidRecordException} if the Secret is not a readable record.
     */
    public Future<Optional<InstallRecord>> get(String namespace, String name) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        return fetch(namespace, name).map(found -> found.map(secret -> RecordSecrets.fromSecret(secret, codec)));
    }

    /**
     * The newest record of a package in a namespace; empty if there is none. Fails with
     * {@link InvalidRecordException} if the newest one is not readable, rather than silently
     * falling back to an older one: decisions such as capability checks rely on the latest.
     */
    public Future<Optional<InstallRecord>> latestFor(String namespace, String packageName) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
        return recordsOf(namespace, packageName).map(found -> found.stream()
                .min(SECRETS_NEWEST_FIRST)
                .map(secret -> RecordSecrets.fromSecret(secret, codec)));
    }

    /**
     * Deletes a record. Completes with false if it did not exist. Refuses (with
     * {@link InvalidRecordException}) to delete a Secret that is not a record.
     */
    public Future<Boolean> delete(String namespace, String name) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        return fetch(namespace, name).compose(found -> {
            if (found.isEmpty()) {
                return Future.succeededFuture(false);
            }
            RecordSecret secret = found.get();
            if (!RecordSecrets.isRecord(secret)) {
                return Future.failedFuture(new InvalidRecordException(RecordSecrets.describe(secret),
                        "not a bundlectl install record (type \"" + secret.type() + "\"); not deleted", null));
            }
            return deleteSecret(secret).recover(error -> Future.failedFuture(
                    failure("cannot delete install record " + namespace + "/" + name, error)));
        });
    }

    /**
     * Deletes the records of {@code record}'s package in its namespace that started no later
     * than it (the record itself excluded): each names objects that an uninstall of
     * {@code record} has removed. Newer records are kept, since they may name objects that are
     * still there. Fails with {@link RecordStoreException} on the first record that cannot be
     * deleted.
     */
    public Future<OlderRecords> deleteOlderRecords(InstallRecord record) {
        Objects.requireNonNull(record, "record");
        return recordsOf(record.namespace(), record.packageName()).compose(found -> {
            List<RecordSecret> older = new ArrayList<>();
            List<String> newer = new ArrayList<>();
            for (RecordSecret secret : found) {
                String name = secret.name();
                Instant started = RecordSecrets.startTimeOf(secret);
                if (name.equals(record.name())) {
                    continue;
                }
                if (started != null && started.isAfter(record.startTime())) {
                    newer.add(name);
                } else {
                    older.add(secret);
                }
            }
            older.sort(SECRETS_NEWEST_FIRST);
            newer.sort(Comparator.naturalOrder());
            return deleteEach(older, 0, new ArrayList<>())
                    .map(deleted -> new OlderRecords(deleted, newer));
        });
    }

    private Future<List<String>> deleteEach(List<RecordSecret> secrets, int index, List<String> deleted) {
        if (index == secrets.size()) {
            return Future.succeededFuture(deleted);
        }
        RecordSecret secret = secrets.get(index);
        String where = secret.namespace() + "/" + secret.name();
        return deleteSecret(secret)
                .recover(error -> Future.failedFuture(failure("cannot delete install record " + where, error)))
                .compose(existed -> {
                    if (existed) {
                        deleted.add(secret.name());
                    }
                    return deleteEach(secrets, index + 1, deleted);
                });
    }

    /** Deletes this very Secret (by uid); false when it is already gone. */
    private Future<Boolean> deleteSecret(RecordSecret secret) {
        return api.delete(SECRETS, secret.namespace(), secret.name(), Preconditions.uid(secret.uid()), false)
                .map(true)
                .recover(error -> ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)
                        ? Future.succeededFuture(false) : Future.failedFuture(error));
    }

    /** {@code namespace/name}: how messages name a record, and the key of {@link #written}. */
    private static String where(InstallRecord record) {
        return record.namespace() + "/" + record.name();
    }

    private Future<Void> write(RecordSecret secret, InstallRecord record) {
        String where = where(record);
        String version = written.get(where);
        if (version != null) {
            // This store wrote it: an update on the version it wrote can only replace that write.
            return remember(where, api.update(SECRETS, record.namespace(), secret.atVersion(version).object(), false))
                    .recover(error -> ApiException.isHttp(error, HttpURLConnection.HTTP_CONFLICT)
                            || ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)
                            // Changed or deleted since: create, or check what is there and update.
                            ? firstWrite(secret, record, where)
                            : Future.failedFuture(failure("cannot update install record " + where, error)));
        }
        return firstWrite(secret, record, where);
    }

    private Future<Void> remember(String where, Future<ObjectNode> writing) {
        return writing.map(object -> {
            String version = object.path("metadata").path("resourceVersion").asText("");
            if (version.isEmpty()) {
                written.remove(where);
            } else {
                written.put(where, version);
            }
            return null;
        });
    }

    private Future<Void> firstWrite(RecordSecret secret, InstallRecord record, String where) {
        written.remove(where);
        return remember(where, api.create(SECRETS, record.namespace(), secret.object(), false))
                .recover(error -> ApiException.isHttp(error, HttpURLConnection.HTTP_CONFLICT)
                        // It exists: an earlier save of the same run. Update it, unless it is something else.
                        ? replace(secret, record, 1)
                        : Future.failedFuture(failure("cannot save install record " + where, error)));
    }

    private Future<Void> replace(RecordSecret secret, InstallRecord record, int attempt) {
        String namespace = record.namespace();
        String where = where(record);
        return fetch(namespace, record.name()).compose(existing -> {
            if (existing.isEmpty()) {
                return remember(where, api.create(SECRETS, namespace, secret.object(), false));
            }
            if (!RecordSecrets.isRecordOf(existing.get(), record.packageName())) {
                return Future.failedFuture(new RecordStoreException(RecordSecrets.describe(existing.get())
                        + " already exists and is not an install record of package " + record.packageName()
                        + "; it was not overwritten", null));
            }
            RecordSecret replacement = secret.atVersion(existing.get().resourceVersion());
            return remember(where, api.update(SECRETS, namespace, replacement.object(), false))
                    .recover(error -> ApiException.isHttp(error, HttpURLConnection.HTTP_CONFLICT) && attempt < UPDATE_ATTEMPTS
                            ? replace(secret, record, attempt + 1)
                            : Future.failedFuture(error));
        }).recover(error -> Future.failedFuture(error instanceof InstallRecordException ? error
                : failure("cannot update install record " + where, error)));
    }

    private Future<List<String>> prune(InstallRecord saved, List<String> warnings) {
        return recordsOf(saved.namespace(), saved.packageName())
                .compose(others -> {
                    others.removeIf(secret -> secret.name().equals(saved.name()));
                    others.sort(SECRETS_NEWEST_FIRST);
                    // The saved record counts as one of those kept.
                    List<RecordSecret> old = others.subList(Math.min(keepPerPackage - 1, others.size()), others.size());
                    return pruneEach(List.copyOf(old), 0, new ArrayList<>(), warnings);
                }, error -> {
                    warnings.add("old install records were not pruned: " + error.getMessage());
                    return Future.succeededFuture(List.of());
                });
    }

    private Future<List<String>> pruneEach(List<RecordSecret> old, int index, List<String> pruned, List<String> warnings) {
        if (index == old.size()) {
            return Future.succeededFuture(pruned);
        }
        RecordSecret secret = old.get(index);
        String name = secret.name();
        return deleteSecret(secret)
                .map(existed -> {
                    pruned.add(name);
                    return pruned;
                })
                .otherwise(error -> {
                    warnings.add("old install record " + secret.namespace() + "/" + name
                            + " was not pruned: " + ClientErrors.describe(error));
                    return pruned;
                })
                .compose(done -> pruneEach(old, index + 1, pruned, warnings));
    }

    private Future<List<RecordSecret>> recordsOf(String namespace, String packageName) {
        String selector = MANAGED + "," + RecordSecrets.LABEL_PACKAGE + "=" + RecordNames.labelValue(packageName);
        return api.listAll(SECRETS, namespace, selector, PAGE_SIZE)
                .recover(error -> Future.failedFuture(failure("cannot list install records of package "
                        + packageName + " in namespace " + namespace, error)))
                .map(objects -> {
                    List<RecordSecret> found = new ArrayList<>();
                    for (ObjectNode object : objects) {
                        RecordSecret secret = new RecordSecret(object);
                        // Label values may be shortened, so the exact package is checked as well.
                        if (RecordSecrets.isRecordOf(secret, packageName)) {
                            found.add(secret);
                        }
                    }
                    return found;
                });
    }

    private RecordEntry entry(RecordSecret secret) {
        try {
            return new RecordEntry.Readable(RecordSecrets.fromSecret(secret, codec));
        } catch (InvalidRecordException e) {
            return new RecordEntry.Unreadable(secret.namespace(), secret.name(),
                    RecordSecrets.startTimeOf(secret), e);
        }
    }

    private Future<Optional<RecordSecret>> fetch(String namespace, String name) {
        return api.get(SECRETS, namespace, name)
                .map(object -> Optional.of(new RecordSecret(object)))
                .recover(error -> ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)
                        ? Future.succeededFuture(Optional.empty())
                        : Future.failedFuture(failure("cannot read install record " + namespace + "/" + name, error)));
    }

    private static RecordStoreException listFailure(String namespace, Throwable error) {
        if (namespace == null && ApiException.isHttp(error, HttpURLConnection.HTTP_FORBIDDEN)) {
            return new RecordStoreException("listing install records in all namespaces is forbidden ("
                    + ClientErrors.describe(error) + "); list the records of one namespace instead", error);
        }
        return failure("cannot list install records in "
                + (namespace == null ? "all namespaces" : "namespace " + namespace), error);
    }

    private static RecordStoreException failure(String what, Throwable error) {
        return new RecordStoreException(what + ": " + ClientErrors.describe(error), error);
    }
}
