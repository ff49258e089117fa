package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Base64;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Objects the API server would refuse, through {@code bundlectl plan}: the step is {@code Failed}
 * with the server's answer, the plan phase is {@code Failed}, {@code plan} exits 3, and a warning
 * names the file and the object. One case per class of check; the bundles are generated here.
 */
class ObjectChecksPlanTest {

    @TempDir
    Path dir;

    /**
     * One refused object.
     *
     * @param name the class of check
     * @param file the manifest's file under {@code manifests/}
     * @param yaml the manifest
     * @param step the step as {@code Kind/namespace/name}
     * @param message the start of the step's message: the server's answer, naming the field
     */
    record Refused(String name, String file, String yaml, String step, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Refused> refusedObjects() {
        // In lines, as base64 tools write it: the reader refuses a single line over 1 MiB.
        String twoMib = Base64.getMimeEncoder().encodeToString(new byte[2 * 1024 * 1024]).replace("\r\n", "\n    ");
        return Stream.of(
                new Refused("name", "bad-name.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: My_Config!\n",
                        "ConfigMap/default/My_Config!", "ConfigMap \"My_Config!\" is invalid: metadata.name: Invalid value: "
                                + "\"My_Config!\": a lowercase RFC 1123 subdomain must consist of"),
                new Refused("rbac name", "role.yaml", "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\n"
                        + "metadata:\n  name: a/b\nrules: []\n", "Role/default/a/b",
                        "Role.rbac.authorization.k8s.io \"a/b\" is invalid: metadata.name: Invalid value: \"a/b\": "
                                + "may not contain '/'"),
                new Refused("secret data", "secret.yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n"
                        + "data:\n  port: 5432\n", "Secret/default/s",
                        "Secret \"s\" is invalid: data[port]: Invalid value: must be a string, not a number"),
                new Refused("secret size", "big-secret.yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: big\n"
                        + "data:\n  blob: |\n    " + twoMib + "\n", "Secret/default/big",
                        "Secret \"big\" is invalid: data: Too long: must have at most 1048576 bytes"),
                new Refused("csv schema", null, null, "ClusterServiceVersion/default/objcheck.v1.0.0",
                        "ClusterServiceVersion.operators.coreos.com \"objcheck.v1.0.0\" is invalid: "
                                + "spec.installModes: Invalid value: \"string\": spec.installModes in body must be of "
                                + "type array: \"string\""),
                // Kind Service in the CRD's own group, as ACK's bundles ship their examples: the registry+v1
                // kind list goes by kind alone, so the custom resource is planned and the server refuses it.
                new Refused("custom resource", "example.yaml", "apiVersion: ecs.example.com/v1\nkind: Service\n"
                        + "metadata:\n  name: example\nspec: {}\n", "Service/default/example",
                        "Service.ecs.example.com \"example\" is invalid: spec.size: Required value"));
    }

    private TestBundleDirectory bundleWith(Refused refused) {
        TestBundleDirectory bundle = TestBundleDirectory.create(dir, "objcheck");
        bundle.write("manifests/crd.yaml", """
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata:
                  name: services.ecs.example.com
                spec:
                  group: ecs.example.com
                  names: {kind: Service, plural: services, singular: service, listKind: ServiceList}
                  scope: Namespaced
                  versions:
                  - name: v1
                    served: true
                    storage: true
                    schema:
                      openAPIV3Schema:
                        type: object
                        properties:
                          spec:
                            type: object
                            required: [size]
                            properties:
                              size: {type: integer}
                """);
        if (refused.file() == null) {
            bundle.write("manifests/objcheck.clusterserviceversion.yaml", """
                    apiVersion: operators.coreos.com/v1alpha1
                    kind: ClusterServiceVersion
                    metadata:
                      name: objcheck.v1.0.0
                    spec:
                      displayName: Test operator
                      installModes: AllNamespaces
                      install:
                        strategy: deployment
                        spec:
                          deployments: []
                    """);
        } else {
            bundle.write("manifests/" + refused.file(), refused.yaml());
        }
        return bundle;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedObjects")
    void planPredictsTheServersRefusalAndExits3(Refused refused) {
        TestBundleDirectory bundle = bundleWith(refused);

        CliResult result = Cli.run("plan", bundle.toString(), "--csv-mode", "olm");

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(PlanCommandTest.tableRows(result))
                .anyMatch(row -> row.contains("|Failed|" + refused.message()));
        assertThat(PlanCommandTest.lastLine(result)).contains("Phase Failed: predicted to fail against")
                .contains(refused.step() + ": " + refused.message());
        String file = refused.file() == null ? "objcheck.clusterserviceversion.yaml" : refused.file();
        assertThat(result.errLines()).anyMatch(line -> line.startsWith("warning: manifests/" + file)
                && line.contains("the API server would refuse this object: " + refused.message()));
        assertThat(result.showsStackTrace()).isFalse();
    }
    /**
     * A CSV that OLM's schema refuses for thirty reasons: the list is printed once, in the step's
     * row; the summary line and the warning name its first problem and the count.
     */
    @org.junit.jupiter.api.Test
    void aLongListOfProblemsIsPrintedOnceInFullAndElsewhereCounted() throws java.io.IOException {
        TestBundleDirectory bundle = TestBundleDirectory.create(dir, "listed");
        StringBuilder resources = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            resources.append("        - {kind: Deployment, version: v1}\n");
        }
        bundle.write("manifests/listed.clusterserviceversion.yaml", """
                apiVersion: operators.coreos.com/v1alpha1
                kind: ClusterServiceVersion
                metadata:
                  name: listed.v1.0.0
                spec:
                  displayName: Listed
                  version: 1.0.0
                  install: {strategy: deployment, spec: {deployments: []}}
                  installModes: [{type: AllNamespaces, supported: true}]
                  customresourcedefinitions:
                    owned:
                    - name: things.example.com
                      version: v1
                      kind: Thing
                      resources:
                """ + resources);

        CliResult result = Cli.run("plan", dir.toString());

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.PLAN_FAILED);
        String last = "spec.customresourcedefinitions.owned[0].resources[29].name: Required value";
        String everything = result.out() + result.err();
        assertThat(everything.split(java.util.regex.Pattern.quote(last), -1)).as("the full list, once").hasSize(2);
        assertThat(result.out()).contains(last);
        String counted = "resources[0].name: Required value (and 29 more problems, listed in the step)";
        assertThat(result.errLines()).singleElement().asString().startsWith("warning: manifests/listed.clusterservice"
                + "version.yaml[doc 0]: ClusterServiceVersion/listed.v1.0.0: the API server would refuse this object:")
                .endsWith(counted);
        assertThat(result.out().lines().filter(line -> line.contains("Phase Failed"))).singleElement().asString()
                .endsWith(counted);
    }
}
