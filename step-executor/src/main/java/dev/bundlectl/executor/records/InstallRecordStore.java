package dev.bundlectl.executor.records;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.SecretList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.net.HttpURLConnection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Saves, finds and prunes install records, kept as Secrets in the install namespace (see
 * {@link RecordSecrets}). Only namespace-scoped permissions on Secrets are needed, except to list
 * records in all namespaces.
 *
 * <p><b>Threads.</b> fabric8's calls block, and with the Vert.x HTTP client they wait for the
 * event loop, so they must never run on it. Every operation therefore runs on the executor given
 * to the constructor, which must be a worker pool (for example a dedicated
 * {@code ExecutorService}, or Vert.x's worker pool); the returned future completes on that
 * executor's thread. Futures fail with an {@link InstallRecordException} whose message is one
 * line for the user. Vert.x code can wrap them with {@code Future.fromCompletionStage(future,
 * context)} to continue on its own context.
 */
public final class InstallRecordStore {

    /** How many installs of a package are kept by default. */
    public static final int DEFAULT_KEEP_PER_PACKAGE = 10;

    // A concurrent save or edit of the same Secret makes an update stale; a few tries settle it.
    private static final int UPDATE_ATTEMPTS = 3;

    private static final Comparator<Instant> NEWEST_FIRST = Comparator.nullsLast(Comparator.reverseOrder());
    private static final Comparator<RecordEntry> ENTRIES_NEWEST_FIRST =
            Comparator.comparing(RecordEntry::startTime, NEWEST_FIRST)
                    .thenComparing(RecordEntry::namespace)
                    .thenComparing(RecordEntry::name, Comparator.reverseOrder());
    private static final Comparator<Secret> SECRETS_NEWEST_FIRST =
            Comparator.comparing(RecordSecrets::startTimeOf, NEWEST_FIRST)
                    .thenComparing(secret -> secret.getMetadata().getName(), Comparator.reverseOrder());

    private final KubernetesClient client;
    private final Executor executor;
    private final int keepPerPackage;
    private final InstallRecordCodec codec;

    /** A store that keeps {@value #DEFAULT_KEEP_PER_PACKAGE} installs per package. */
    public InstallRecordStore(KubernetesClient client, Executor executor) {
        this(client, executor, DEFAULT_KEEP_PER_PACKAGE, new InstallRecordCodec());
    }

    /**
     * @param client the cluster client
     * @param executor the worker pool that runs the blocking client calls
     * @param keepPerPackage how many installs of one package to keep, at least 1
     * @param codec the record codec (its size limit applies to saves)
     */
    public InstallRecordStore(KubernetesClient client, Executor executor, int keepPerPackage,
            InstallRecordCodec codec) {
        if (keepPerPackage < 1) {
            throw new IllegalArgumentException("keepPerPackage must be at least 1, not " + keepPerPackage);
        }
        this.client = Objects.requireNonNull(client, "client");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.keepPerPackage = keepPerPackage;
        this.codec = Objects.requireNonNull(codec, "codec");
    }

    /**
     * Saves a record: creates its Secret, or updates it when it exists (a run saves its record
     * more than once). Then deletes the oldest records of the package beyond the retention
     * count; failures there become warnings, not a failed save.
     */
    public CompletableFuture<SavedRecord> save(InstallRecord record) {
        Objects.requireNonNull(record, "record");
        return async(() -> {
            EncodedRecord encoded = codec.encode(record);
            write(RecordSecrets.toSecret(record, encoded), record);
            List<String> warnings = new ArrayList<>();
            List<String> pruned = prune(record, warnings);
            return new SavedRecord(record.namespace(), record.name(), encoded.size(), encoded.shortenedMessages(),
                    pruned, warnings);
        });
    }

    /**
     * All records in a namespace, or in all namespaces when {@code namespace} is null, newest
     * first. A Secret of the record type that cannot be read is listed as
     * {@link RecordEntry.Unreadable} rather than failing the listing.
     */
    public CompletableFuture<List<RecordEntry>> list(String namespace) {
        return async(() -> {
            List<Secret> secrets;
            try {
                secrets = namespace == null
                        ? client.secrets().inAnyNamespace()
                                .withLabel(RecordSecrets.LABEL_MANAGED_BY, RecordSecrets.MANAGED_BY).list().getItems()
                        : client.secrets().inNamespace(namespace)
                                .withLabel(RecordSecrets.LABEL_MANAGED_BY, RecordSecrets.MANAGED_BY).list().getItems();
            } catch (KubernetesClientException e) {
                throw listFailure(namespace, e);
            }
            List<RecordEntry> entries = new ArrayList<>();
            for (Secret secret : secrets) {
                if (RecordSecrets.isRecord(secret)) {
                    entries.add(entry(secret));
                }
            }
            entries.sort(ENTRIES_NEWEST_FIRST);
            return entries;
        });
    }

    /**
     * One record by name; empty if there is no such Secret. Fails with
     * {@link InvalidRecordException} if the Secret is not a readable record.
     */
    public CompletableFuture<Optional<InstallRecord>> get(String namespace, String name) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        return async(() -> {
            Secret secret = fetch(namespace, name);
            return secret == null ? Optional.empty() : Optional.of(RecordSecrets.fromSecret(secret, codec));
        });
    }

    /**
     * The newest record of a package in a namespace; empty if there is none. Fails with
     * {@link InvalidRecordException} if the newest one is not readable, rather than silently
     * falling back to an older one: decisions such as capability checks rely on the latest.
     */
    public CompletableFuture<Optional<InstallRecord>> latestFor(String namespace, String packageName) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
        return async(() -> recordsOf(namespace, packageName).stream()
                .min(SECRETS_NEWEST_FIRST)
                .map(secret -> RecordSecrets.fromSecret(secret, codec)));
    }

    /**
     * Deletes a record. Completes with false if it did not exist. Refuses (with
     * {@link InvalidRecordException}) to delete a Secret that is not a record.
     */
    public CompletableFuture<Boolean> delete(String namespace, String name) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        return async(() -> {
            Secret secret = fetch(namespace, name);
            if (secret == null) {
                return false;
            }
            if (!RecordSecrets.isRecord(secret)) {
                throw new InvalidRecordException(RecordSecrets.describe(secret), "not a bundlectl install record (type \""
                        + secret.getType() + "\"); not deleted", null);
            }
            try {
                return !secrets(namespace).withName(name).delete().isEmpty();
            } catch (KubernetesClientException e) {
                throw failure("cannot delete install record " + namespace + "/" + name, e);
            }
        });
    }

    private void write(Secret secret, InstallRecord record) {
        String namespace = record.namespace();
        try {
            secrets(namespace).resource(secret).create();
            return;
        } catch (KubernetesClientException e) {
            if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
                throw failure("cannot save install record " + namespace + "/" + record.name(), e);
            }
        }
        // It exists: an earlier save of the same run. Update it, unless it is something else.
        for (int attempt = 1; attempt <= UPDATE_ATTEMPTS; attempt++) {
            Secret existing = fetch(namespace, record.name());
            try {
                if (existing == null) {
                    secrets(namespace).resource(secret).create();
                    return;
                }
                if (!RecordSecrets.isRecordOf(existing, record.packageName())) {
                    throw new RecordStoreException(RecordSecrets.describe(existing)
                            + " already exists and is not an install record of package " + record.packageName()
                            + "; it was not overwritten", null);
                }
                Secret replacement = new SecretBuilder(secret).editMetadata()
                        .withResourceVersion(existing.getMetadata().getResourceVersion()).endMetadata().build();
                secrets(namespace).resource(replacement).update();
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != HttpURLConnection.HTTP_CONFLICT || attempt == UPDATE_ATTEMPTS) {
                    throw failure("cannot update install record " + namespace + "/" + record.name(), e);
                }
            }
        }
    }

    private List<String> prune(InstallRecord saved, List<String> warnings) {
        List<Secret> others;
        try {
            others = recordsOf(saved.namespace(), saved.packageName());
        } catch (RecordStoreException e) {
            warnings.add("old install records were not pruned: " + e.getMessage());
            return List.of();
        }
        others.removeIf(secret -> secret.getMetadata().getName().equals(saved.name()));
        others.sort(SECRETS_NEWEST_FIRST);
        List<String> pruned = new ArrayList<>();
        // The saved record counts as one of those kept.
        for (Secret old : others.subList(Math.min(keepPerPackage - 1, others.size()), others.size())) {
            String name = old.getMetadata().getName();
            try {
                secrets(saved.namespace()).withName(name).delete();
                pruned.add(name);
            } catch (KubernetesClientException e) {
                warnings.add("old install record " + saved.namespace() + "/" + name + " was not pruned: "
                        + ClientErrors.describe(e));
            }
        }
        return pruned;
    }

    private List<Secret> recordsOf(String namespace, String packageName) {
        try {
            List<Secret> found = new ArrayList<>(secrets(namespace)
                    .withLabel(RecordSecrets.LABEL_MANAGED_BY, RecordSecrets.MANAGED_BY)
                    .withLabel(RecordSecrets.LABEL_PACKAGE, RecordNames.labelValue(packageName))
                    .list().getItems());
            // Label values may be shortened, so the exact package is checked as well.
            found.removeIf(secret -> !RecordSecrets.isRecordOf(secret, packageName));
            return found;
        } catch (KubernetesClientException e) {
            throw failure("cannot list install records of package " + packageName + " in namespace " + namespace, e);
        }
    }

    private RecordEntry entry(Secret secret) {
        try {
            return new RecordEntry.Readable(RecordSecrets.fromSecret(secret, codec));
        } catch (InvalidRecordException e) {
            return new RecordEntry.Unreadable(secret.getMetadata().getNamespace(), secret.getMetadata().getName(),
                    RecordSecrets.startTimeOf(secret), e);
        }
    }

    private Secret fetch(String namespace, String name) {
        try {
            return secrets(namespace).withName(name).get();
        } catch (KubernetesClientException e) {
            throw failure("cannot read install record " + namespace + "/" + name, e);
        }
    }

    private NonNamespaceOperation<Secret, SecretList, Resource<Secret>> secrets(String namespace) {
        return client.secrets().inNamespace(namespace);
    }

    private static RecordStoreException listFailure(String namespace, KubernetesClientException e) {
        if (namespace == null && e.getCode() == HttpURLConnection.HTTP_FORBIDDEN) {
            return new RecordStoreException("listing install records in all namespaces is forbidden ("
                    + ClientErrors.describe(e) + "); list the records of one namespace instead", e);
        }
        return failure("cannot list install records in "
                + (namespace == null ? "all namespaces" : "namespace " + namespace), e);
    }

    private static RecordStoreException failure(String what, KubernetesClientException e) {
        return new RecordStoreException(what + ": " + ClientErrors.describe(e), e);
    }

    private <T> CompletableFuture<T> async(Supplier<T> operation) {
        return CompletableFuture.supplyAsync(operation, executor);
    }
}
