package dev.bundlectl.plan.objects;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.testing.TestBundles;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The names other names are made from, refused as the server would refuse them and never cut. */
class InputNamesTest {

    private static List<String> problems(Bundle bundle) {
        return InputNames.problems(bundle).errors().stream().map(Diagnostic::toString).toList();
    }

    private static Bundle bundle(String csvName, String packageName, String installSpec) {
        return TestBundles.bundle(packageName, TestBundles.manifest("manifests/op.clusterserviceversion.yaml", """
                apiVersion: operators.coreos.com/v1alpha1
                kind: ClusterServiceVersion
                metadata: {name: '%s'}
                spec:
                  install:
                    strategy: deployment
                    spec:
                %s
                """.formatted(csvName, installSpec.indent(6))));
    }

    @Test
    void validNamesPass() {
        assertThat(problems(bundle("op.v1.0.0", "op", """
                permissions: [{serviceAccountName: op}]
                clusterPermissions: [{serviceAccountName: op.cluster}]
                deployments: [{name: op-controller}]"""))).isEmpty();
    }

    @Test
    void eachNameIsNamedByItsField() {
        assertThat(problems(bundle("op.v1.0.0", "op", """
                permissions: [{serviceAccountName: op}, {serviceAccountName: 'Op/x'}]
                clusterPermissions: [{serviceAccountName: ''}]
                deployments: [{name: op_controller}]""")))
                .extracting(line -> line.replaceAll(": invalid name.*", ""))
                .containsExactly(
                        "error: manifests/op.clusterserviceversion.yaml: ClusterServiceVersion/op.v1.0.0: field "
                                + "spec.install.spec.permissions[1].serviceAccountName",
                        "error: manifests/op.clusterserviceversion.yaml: ClusterServiceVersion/op.v1.0.0: field "
                                + "spec.install.spec.clusterPermissions[0].serviceAccountName",
                        "error: manifests/op.clusterserviceversion.yaml: ClusterServiceVersion/op.v1.0.0: field "
                                + "spec.install.spec.deployments[0].name");
    }

    @Test
    void namesThatBecomeLabelValuesMayHaveAtMost63Characters() {
        String sixtyThree = "o".repeat(63);
        assertThat(problems(bundle(sixtyThree, sixtyThree, "deployments: []"))).isEmpty();
        assertThat(problems(bundle(sixtyThree + "p", sixtyThree + "p", "deployments: []")))
                .hasSize(2).allSatisfy(line -> assertThat(line).contains("must be no more than 63 characters (it has 64)"));
    }

    @Test
    void aLongNameIsShownByItsStartAndTheLineStaysShort() {
        List<String> found = problems(bundle("op.v1", "p".repeat(10_000), "deployments: []"));
        assertThat(found).singleElement().satisfies(line -> {
            assertThat(line).startsWith("error: metadata/annotations.yaml: field annotations.operators."
                    + "operatorframework.io.bundle.package.v1: invalid name \"" + "p".repeat(63) + "…\"");
            assertThat(line).hasSizeLessThan(400);
        });
    }
}
