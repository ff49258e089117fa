package dev.bundlectl.executor.records;

import static dev.bundlectl.executor.records.TestPlans.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordInheritanceTest {

    private static final ObjectRef SA = new ObjectRef("", "v1", "ServiceAccount", "ns", "sa");
    private static final ObjectRef ROLE = new ObjectRef("rbac.authorization.k8s.io", "v1", "Role", "ns", "role");
    private static final ObjectRef CM = new ObjectRef("", "v1", "ConfigMap", "ns", "cm");

    private final InstallRecord previous = InstallRecord.fromPlan(
            TestPlans.plan("ns", List.of(), InstallPlanPhase.COMPLETE),
            TestPlans.origin("ns", Instant.parse("2025-03-01T10:00:00Z")),
            List.of(new CreatedObject(SA, null, "uid-sa", "1", null), new CreatedObject(ROLE, null, "uid-role", "2", null),
                    new CreatedObject(CM, null, "uid-cm", "3", null)),
            List.of(new DeletedObject(CM, Instant.parse("2025-03-01T10:00:05Z")),
                    new DeletedObject(ROLE, Instant.parse("2025-03-01T10:00:06Z"))));

    @Test
    void objectsStillPresentStayOwnedWithTheirOriginalUidAndCreator() {
        List<Step> steps = List.of(
                step("", "v1", "ServiceAccount", "ns", "sa", StepStatus.PRESENT),
                step("rbac.authorization.k8s.io", "v1", "Role", "ns", "role", StepStatus.CREATED),
                step("", "v1", "ConfigMap", "ns", "cm", StepStatus.NOT_CREATED));
        CreatedObject newRole = new CreatedObject(ROLE, null, "uid-role-2", "9", null);

        List<CreatedObject> owned = RecordInheritance.ownedObjects(previous, steps, List.of(newRole));

        assertThat(owned).containsExactly(newRole, previous.createdObjects().get(0));
        assertThat(owned.get(1).createdBy()).isEqualTo(previous.name());
        assertThat(RecordInheritance.ownedObjects(null, steps, List.of(newRole))).containsExactly(newRole);
    }

    @Test
    void earlierDeletionsAreRememberedUnlessDeletedAgain() {
        DeletedObject again = new DeletedObject(CM, Instant.parse("2025-03-02T10:00:00Z"));

        assertThat(RecordInheritance.deletedObjects(previous, List.of(again)))
                .containsExactly(again, previous.deletedObjects().get(1));
    }
}
