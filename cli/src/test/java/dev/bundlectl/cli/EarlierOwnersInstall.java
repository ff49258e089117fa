package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.ApplyResult;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.PlanApplier;
import dev.bundlectl.executor.RunningPlan;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.ownership.OwnerMarks;
import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.records.RecordOrigin;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.ForwardingKubeApi;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import io.vertx.core.Future;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An install as the release before one manager per package made it (docs/semantics.md §8, "Installs
 * made before one manager per package"), built with the API rather than an old binary: the plan is
 * applied by the executor, every object written exactly as that release wrote it, with server-side
 * apply as the install's own field manager {@code bundlectl/<namespace>/<package>} and carrying its
 * own mark {@code <namespace>.owners.bundlectl.dev/<package>: <digest of the planned object>}; the
 * record lists what it owns as that release recorded it (created or shared, with the state each
 * apply left, its body's digest taken with the mark).
 */
final class EarlierOwnersInstall {

    private EarlierOwnersInstall() {
    }

    /** Installs {@code bundle} (render mode) into {@code namespace} as the release before did. */
    static void install(RealApiServer server, RealCluster cluster, Path bundle, String namespace, String packageName)
            throws Exception {
        CliRun plan = cluster.run("plan", bundle.toString(), "-n", namespace, "--csv-mode", "render", "-o", "json");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        Path file = Files.writeString(Files.createTempFile(bundle.getParent(), "earlier-plan", ".json"), plan.out());
        PlannedInstall planned = PlannedInstall.read(InstallPlanCodec.read(file));
        ClusterConnection connection = server.connect();
        MarkingApi marking = new MarkingApi(connection.retryingApi(), namespace, packageName, planned);
        Instant started = Instant.now();
        RunningPlan run = new PlanApplier(connection.vertx(), marking, connection.discovery()).start(planned,
                ApplySettings.builder().firstInstall(true).build(), event -> { });
        InstallPlan finished = Await.result(run.result());
        assertThat(finished.steps()).noneMatch(step -> step.status() == StepStatus.FAILED);
        List<CreatedObject> owned = new ArrayList<>();
        Map<Integer, AppliedState> applied = new HashMap<>();
        for (int index = 0; index < finished.steps().size(); index++) {
            StepStatus status = finished.steps().get(index).status();
            if (status != StepStatus.CREATED && status != StepStatus.PRESENT) {
                continue;
            }
            ObjectRef ref = ObjectRef.of(finished.steps().get(index).resource());
            var created = run.createdObjects().get(index);
            var seen = run.observedObjects().get(index);
            owned.add(new CreatedObject(ref, created == null ? null : created.plural(), seen == null ? null : seen.uid(),
                    seen == null ? null : seen.resourceVersion(), null, status == StepStatus.CREATED ? "created" : "shared"));
            int at = index;
            marking.appliedState(ref).ifPresent(state -> applied.put(at, state));
        }
        Await.result(new InstallRecordStore(connection.retryingApi()).save(InstallRecord.fromPlan(finished,
                new RecordOrigin(namespace, packageName, bundle.toString(), null, false, started), owned, List.of(),
                null, applied)));
    }

    /**
     * The API as the release before's install used it: every apply and create carries the install's
     * mark, with the digest of the planned object, and applies as its own field manager.
     */
    private static final class MarkingApi extends ForwardingKubeApi {

        private final String namespace;
        private final String packageName;
        private final PlannedInstall planned;
        private final Map<String, AppliedState> applied = new ConcurrentHashMap<>();

        MarkingApi(KubeApi api, String namespace, String packageName, PlannedInstall planned) {
            super(api);
            this.namespace = namespace;
            this.packageName = packageName;
            this.planned = planned;
        }

        Optional<AppliedState> appliedState(ObjectRef ref) {
            return Optional.ofNullable(applied.get(ref.kind() + "/" + ref.name()));
        }

        private ObjectNode marked(ObjectNode object) {
            String kind = object.path("kind").asText();
            String name = object.path("metadata").path("name").asText();
            PlannedStep step = planned.steps().stream().filter(each -> each.step().resource().kind().equals(kind)
                    && each.step().resource().name().equals(name)).findFirst().orElseThrow();
            ObjectNode copy = object.deepCopy();
            ObjectNode metadata = (ObjectNode) copy.get("metadata");
            ObjectNode annotations = metadata.get("annotations") instanceof ObjectNode existing ? existing
                    : metadata.putObject("annotations");
            annotations.put(namespace + ".owners.bundlectl.dev/" + packageName, OwnerMarks.contentDigest(step.object()));
            return copy;
        }

        @Override
        public Future<ApplyResult> apply(ApiResource type, String namespace, ObjectNode object, String fieldManager,
                boolean force, boolean dryRun) {
            ObjectNode marked = marked(object);
            return api.apply(type, namespace, marked, "bundlectl/" + this.namespace + "/" + packageName, force, dryRun)
                    .onSuccess(result -> applied.put(object.path("kind").asText() + "/"
                            + object.path("metadata").path("name").asText(), new AppliedState(
                                    result.object().path("metadata").path("resourceVersion").asText(),
                                    AppliedState.digestOf(marked))));
        }

        @Override
        public Future<ObjectNode> create(ApiResource type, String namespace, ObjectNode object, boolean dryRun) {
            return api.create(type, namespace, marked(object), dryRun);
        }
    }
}
