package dev.bundlectl.executor.testing;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentCondition;
import io.fabric8.kubernetes.api.model.apps.DeploymentConditionBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatus;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Plays the kubelet and the deployment controller for the Deployments olm-operator creates for a
 * ClusterServiceVersion: <strong>this is the one simulated part</strong> of the real-OLM tests.
 * Nothing here runs Pods (the test API server has no kubelet and no controllers), so no
 * Deployment ever becomes available by itself; this writes, as the cluster admin, the status a
 * rolled-out Deployment would have: {@code observedGeneration} = {@code metadata.generation},
 * {@code replicas}, {@code updatedReplicas}, {@code readyReplicas} and {@code availableReplicas} =
 * {@code spec.replicas} (default 1), and the conditions {@code Available=True}
 * ({@code MinimumReplicasAvailable}) and {@code Progressing=True} ({@code NewReplicaSetAvailable}).
 *
 * <p>It finds a CSV's Deployments by the label OLM puts on them, {@code olm.owner=<csv name>}.
 * Use {@link #markRolledOut} when the test drives OLM step by step, and {@link #start} when
 * something else (a CLI run with {@code --wait}) holds the foreground.
 */
public final class KubeletStandIn {

    /** The label olm-operator sets on a CSV's Deployments, valued with the CSV's name. */
    public static final String OWNER_LABEL = "olm.owner";

    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration BACKGROUND_POLL = Duration.ofMillis(250);

    private final KubernetesClient admin;

    /** A stand-in writing through {@code admin}, a client with cluster-admin rights. */
    public KubeletStandIn(KubernetesClient admin) {
        this.admin = Objects.requireNonNull(admin);
    }

    /** A stand-in writing as {@code server}'s admin. */
    public static KubeletStandIn of(RealApiServer server) {
        return new KubeletStandIn(server.client());
    }

    /**
     * Waits (polling every 200 ms) until olm-operator has created at least one Deployment for CSV
     * {@code csvName} in {@code namespace}, marks every one of them rolled out, and returns their
     * names. Fails after {@code timeout} with the CSV's phase, reason and message.
     */
    public List<String> markRolledOut(String namespace, String csvName, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<Deployment> deployments = deploymentsOf(namespace, csvName);
            if (!deployments.isEmpty()) {
                for (Deployment deployment : deployments) {
                    markWithRetry(deployment, deadline);
                }
                return deployments.stream().map(d -> d.getMetadata().getName()).sorted().toList();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("olm-operator created no Deployment labelled " + OWNER_LABEL + "="
                        + csvName + " in " + namespace + " within " + timeout.toSeconds() + " s; the CSV: "
                        + csvSummary(namespace, csvName));
            }
            sleep(POLL);
        }
    }

    /**
     * Marks, every 250 ms on a daemon thread, each Deployment of CSV {@code csvName} in
     * {@code namespace} that is new or changed since (OLM may replace or update them while it
     * installs), until the returned handle is closed.
     */
    public Background start(String namespace, String csvName) {
        return new Background(namespace, csvName, false);
    }

    /**
     * As {@link #start}, but the Deployments never come up: their status says the rollout exceeded
     * its progress deadline ({@code Progressing=False}, reason {@code ProgressDeadlineExceeded},
     * {@code Available=False}), as the deployment controller writes when Pods never become ready.
     * olm-operator takes that as an unrecoverable install check and puts the CSV in {@code Failed}
     * ({@code InstallCheckFailed}).
     */
    public Background startStalled(String namespace, String csvName) {
        return new Background(namespace, csvName, true);
    }

    /** One pass of a stalled rollout: marks each Deployment of the CSV not yet marked so. */
    private List<String> markStalled(String namespace, String csvName) {
        return deploymentsOf(namespace, csvName).stream()
                .filter(d -> !stalled(d))
                .map(d -> {
                    d.setStatus(stalledStatus(d));
                    return admin.apps().deployments().inNamespace(d.getMetadata().getNamespace()).resource(d)
                            .updateStatus();
                })
                .map(d -> d.getMetadata().getName())
                .toList();
    }

    private static DeploymentStatus stalledStatus(Deployment deployment) {
        int replicas = replicas(deployment);
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        DeploymentCondition available = new DeploymentConditionBuilder()
                .withType("Available").withStatus("False").withReason("MinimumReplicasUnavailable")
                .withMessage("Deployment does not have minimum availability.")
                .withLastUpdateTime(now).withLastTransitionTime(now).build();
        DeploymentCondition progressing = new DeploymentConditionBuilder()
                .withType("Progressing").withStatus("False").withReason("ProgressDeadlineExceeded")
                .withMessage("ReplicaSet \"" + deployment.getMetadata().getName() + "\" has timed out progressing.")
                .withLastUpdateTime(now).withLastTransitionTime(now).build();
        return new DeploymentStatusBuilder()
                .withObservedGeneration(deployment.getMetadata().getGeneration())
                .withReplicas(replicas).withUpdatedReplicas(replicas).withReadyReplicas(0).withAvailableReplicas(0)
                .withUnavailableReplicas(replicas)
                .withConditions(available, progressing)
                .build();
    }

    private static boolean stalled(Deployment deployment) {
        DeploymentStatus status = deployment.getStatus();
        return status != null
                && Objects.equals(status.getObservedGeneration(), deployment.getMetadata().getGeneration())
                && status.getConditions() != null
                && status.getConditions().stream().anyMatch(c -> "Progressing".equals(c.getType())
                        && "ProgressDeadlineExceeded".equals(c.getReason()));
    }

    /**
     * One pass: marks each Deployment of the CSV whose status does not yet say it rolled out, and
     * returns the names it marked.
     */
    public List<String> markPending(String namespace, String csvName) {
        return deploymentsOf(namespace, csvName).stream()
                .filter(d -> !rolledOut(d))
                .map(this::mark)
                .map(d -> d.getMetadata().getName())
                .toList();
    }

    /**
     * The CSV's Deployments: those olm-operator made ({@value #OWNER_LABEL}), and those bundlectl
     * rendered from it in render mode ({@code bundlectl.dev/csv}), which wait for the same stand-in.
     */
    private List<Deployment> deploymentsOf(String namespace, String csvName) {
        List<Deployment> found = new java.util.ArrayList<>(admin.apps().deployments().inNamespace(namespace)
                .withLabel(OWNER_LABEL, csvName).list().getItems());
        found.addAll(admin.apps().deployments().inNamespace(namespace)
                .withLabel(dev.bundlectl.render.RenderLabels.CSV, dev.bundlectl.render.RenderLabels.csvLabel(csvName))
                .list().getItems());
        return found;
    }

    private void markWithRetry(Deployment deployment, long deadline) {
        Deployment current = deployment;
        while (true) {
            try {
                mark(current);
                return;
            } catch (KubernetesClientException e) {
                // 409: OLM wrote the Deployment between our read and write; read it again.
                if (e.getCode() != 409 || System.nanoTime() > deadline) {
                    throw e;
                }
                current = admin.apps().deployments().inNamespace(deployment.getMetadata().getNamespace())
                        .withName(deployment.getMetadata().getName()).get();
                if (current == null) {
                    return;
                }
            }
        }
    }

    /** Writes the rolled-out status; the resourceVersion read guards against a lost update. */
    private Deployment mark(Deployment deployment) {
        deployment.setStatus(rolledOutStatus(deployment));
        return admin.apps().deployments().inNamespace(deployment.getMetadata().getNamespace())
                .resource(deployment).updateStatus();
    }

    private static DeploymentStatus rolledOutStatus(Deployment deployment) {
        int replicas = replicas(deployment);
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        DeploymentCondition available = new DeploymentConditionBuilder()
                .withType("Available").withStatus("True").withReason("MinimumReplicasAvailable")
                .withMessage("Deployment has minimum availability.")
                .withLastUpdateTime(now).withLastTransitionTime(now).build();
        DeploymentCondition progressing = new DeploymentConditionBuilder()
                .withType("Progressing").withStatus("True").withReason("NewReplicaSetAvailable")
                .withMessage("ReplicaSet \"" + deployment.getMetadata().getName() + "\" has successfully progressed.")
                .withLastUpdateTime(now).withLastTransitionTime(now).build();
        return new DeploymentStatusBuilder()
                .withObservedGeneration(deployment.getMetadata().getGeneration())
                .withReplicas(replicas).withUpdatedReplicas(replicas)
                .withReadyReplicas(replicas).withAvailableReplicas(replicas)
                .withConditions(available, progressing)
                .build();
    }

    private static boolean rolledOut(Deployment deployment) {
        DeploymentStatus status = deployment.getStatus();
        int replicas = replicas(deployment);
        return status != null
                && Objects.equals(status.getObservedGeneration(), deployment.getMetadata().getGeneration())
                && Objects.equals(status.getUpdatedReplicas(), replicas)
                && Objects.equals(status.getAvailableReplicas(), replicas)
                && status.getConditions() != null
                && status.getConditions().stream().anyMatch(c -> "Available".equals(c.getType())
                        && "True".equals(c.getStatus()));
    }

    private static int replicas(Deployment deployment) {
        Integer replicas = deployment.getSpec() == null ? null : deployment.getSpec().getReplicas();
        return replicas == null ? 1 : replicas;
    }

    private String csvSummary(String namespace, String csvName) {
        GenericKubernetesResource csv = admin.genericKubernetesResources(RealOlm.CSV_API_VERSION,
                "ClusterServiceVersion").inNamespace(namespace).withName(csvName).get();
        if (csv == null) {
            return "it does not exist";
        }
        if (!(csv.getAdditionalProperties().get("status") instanceof Map<?, ?> status)) {
            return "it has no status yet (is olm-operator running?)";
        }
        return "phase " + status.get("phase") + ", reason " + status.get("reason") + ": " + status.get("message");
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The stand-in at work in the background for one CSV; closing it stops the thread. */
    public final class Background implements AutoCloseable {

        private final String namespace;
        private final String csvName;
        private final Set<String> marked = ConcurrentHashMap.newKeySet();
        private final AtomicReference<RuntimeException> lastFailure = new AtomicReference<>();
        private final Thread thread;
        private final boolean stall;
        private volatile boolean running = true;

        private Background(String namespace, String csvName, boolean stall) {
            this.namespace = namespace;
            this.csvName = csvName;
            this.stall = stall;
            this.thread = new Thread(this::run, "kubelet-stand-in-" + namespace + "-" + csvName);
            thread.setDaemon(true);
            thread.start();
        }

        /** The names of the Deployments marked so far. */
        public Set<String> marked() {
            return Set.copyOf(marked);
        }

        /**
         * The last error a pass met, if any; passes go on after one (a 409 from a concurrent
         * write by OLM is retried on the next pass), so this is for failure messages.
         */
        public Optional<RuntimeException> lastFailure() {
            return Optional.ofNullable(lastFailure.get());
        }

        /** Stops marking and waits for the thread to end. */
        @Override
        public void close() {
            running = false;
            thread.interrupt();
            try {
                thread.join(Duration.ofSeconds(10).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void run() {
            while (running) {
                try {
                    marked.addAll(stall ? markStalled(namespace, csvName) : markPending(namespace, csvName));
                } catch (RuntimeException e) {
                    // Kept for the test to report; the thread must outlive one bad pass.
                    lastFailure.set(e);
                }
                try {
                    Thread.sleep(BACKGROUND_POLL.toMillis());
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }
}
