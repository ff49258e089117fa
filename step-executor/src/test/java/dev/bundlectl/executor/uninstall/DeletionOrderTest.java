package dev.bundlectl.executor.uninstall;

import static dev.bundlectl.executor.records.TestPlans.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.records.TestPlans;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeletionOrderTest {

    @Test
    void lastStepFirstAndObjectsWithoutAStepLast() {
        ObjectRef csv = new ObjectRef("operators.coreos.com", "v1alpha1", "ClusterServiceVersion", "ns", "csv");
        ObjectRef crd = new ObjectRef("apiextensions.k8s.io", "v1", "CustomResourceDefinition", null, "w.example.com");
        ObjectRef sa = new ObjectRef("", "v1", "ServiceAccount", "ns", "sa");
        ObjectRef role = new ObjectRef("rbac.authorization.k8s.io", "v1", "Role", "ns", "role");
        ObjectRef namespace = new ObjectRef("", "v1", "Namespace", null, "ns");
        InstallRecord record = InstallRecord.fromPlan(TestPlans.plan("ns", List.of(
                        step(csv.group(), csv.version(), csv.kind(), "ns", csv.name(), StepStatus.CREATED),
                        step(crd.group(), crd.version(), crd.kind(), null, crd.name(), StepStatus.CREATED),
                        step("", "v1", "ServiceAccount", "ns", "sa", StepStatus.CREATED),
                        // A later bundle may name another version: the same object all the same.
                        step("rbac.authorization.k8s.io", "v1beta1", "Role", "ns", "role", StepStatus.CREATED)),
                        InstallPlanPhase.COMPLETE),
                TestPlans.origin("ns", Instant.parse("2025-03-01T10:00:00Z")),
                // Creation order differs from step order on purpose.
                List.of(owned(namespace), owned(sa), owned(csv), owned(role), owned(crd)), List.of());

        assertThat(DeletionOrder.of(record)).extracting(CreatedObject::object)
                .containsExactly(role, sa, crd, csv, namespace);
        // Uninstall takes the CRDs out of that order and removes them last, after the operator (its CSV).
        assertThat(Uninstaller.candidates(List.of(record))).extracting(CreatedObject::object)
                .containsExactly(role, sa, csv, namespace, crd);
    }

    private static CreatedObject owned(ObjectRef ref) {
        return new CreatedObject(ref, null, null, null, null);
    }
}
