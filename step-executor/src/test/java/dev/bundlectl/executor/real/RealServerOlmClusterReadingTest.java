package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.testing.TestBundles;
import dev.bundlectl.executor.planning.ClusterPlanning;
import dev.bundlectl.executor.planning.ClusterReading;
import dev.bundlectl.executor.planning.PlanTarget;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import dev.bundlectl.plan.olm.ClusterOperatorGroup;
import dev.bundlectl.plan.olm.CopiedCsv;
import dev.bundlectl.plan.olm.OtherNamespaces;
import dev.bundlectl.plan.olm.ProvidedApi;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What planning reads for OLM's rules across namespaces (docs/semantics.md §6), from a real API
 * server holding OLM's CRDs, with the objects OLM would have made written by hand: every
 * namespace's OperatorGroups with their {@code olm.providedAPIs}, cut to what their own CSVs
 * provide as OLM prunes it, and the CSVs OLM copied into the install namespace with their package.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerOlmClusterReadingTest {

    private static final Manifest OUR_CSV = TestBundles.manifest("manifests/op.clusterserviceversion.yaml", """
            apiVersion: operators.coreos.com/v1alpha1
            kind: ClusterServiceVersion
            metadata: {name: op.v2.0.0}
            spec:
              customresourcedefinitions:
                owned:
                - {name: widgets.example.com, version: v1, kind: Widget}
                - {name: gadgets.example.com, version: v1, kind: Gadget}
            """);

    private static String csv(String namespace, String name, String labels, String annotations, String ownedKind) {
        return """
                apiVersion: operators.coreos.com/v1alpha1
                kind: ClusterServiceVersion
                metadata:
                  name: %s
                  namespace: %s
                  labels: {%s}
                  annotations: {%s}
                spec:
                  displayName: op
                  install: {strategy: deployment, spec: {deployments: []}}
                  customresourcedefinitions:
                    owned:
                    - {name: %ss.example.com, version: v1, kind: %s, displayName: x, description: x}
                """.formatted(name, namespace, labels, annotations, ownedKind.toLowerCase(java.util.Locale.ROOT),
                ownedKind);
    }

    @Test
    void everyGroupIsReadWithTheApisItsOwnCsvsProvideAndTheCopiesWithTheirPackage(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        String global = server.newNamespace("global");
        String stale = server.newNamespace("stale");
        String target = server.newNamespace("target");
        server.create("""
                apiVersion: operators.coreos.com/v1
                kind: OperatorGroup
                metadata:
                  name: all
                  namespace: %s
                  annotations: {olm.providedAPIs: "Widget.v1.example.com,Gadget.v1.example.com"}
                spec: {}
                """.formatted(global));
        // Its one CSV provides Widget only: Gadget is an operator's that has gone, not yet pruned by OLM.
        server.create(csv(global, "op.v1.0.0", "", "", "Widget"));
        server.create("""
                apiVersion: operators.coreos.com/v1
                kind: OperatorGroup
                metadata:
                  name: own
                  namespace: %s
                  annotations: {olm.providedAPIs: "Widget.v1.example.com"}
                spec: {targetNamespaces: [%s]}
                """.formatted(stale, stale));
        server.create(csv(target, "op.v1.0.0", "olm.copiedFrom: " + global, "olm.operatorGroup: all, "
                + "operatorframework.io/properties: '{\"properties\":[{\"type\":\"olm.package\",\"value\":"
                + "{\"packageName\":\"op\",\"version\":\"1.0.0\"}}]}'", "Widget"));

        ClusterReading reading = Await.result(new ClusterPlanning(server.connect()).plan(
                new PlanTarget(target, "op", false), List.of(OUR_CSV), Optional.empty(), null, Duration.ofSeconds(10),
                planned -> planned)).reading();

        assertThat(reading.olm().operatorGroups()).contains(List.of());
        OtherNamespaces.Read elsewhere = (OtherNamespaces.Read) reading.olm().elsewhere();
        assertThat(elsewhere.operatorGroups()).filteredOn(group -> group.namespace().equals(global))
                .singleElement().satisfies(group -> {
                    assertThat(group.targets().all()).isTrue();
                    assertThat(group.providedApis()).containsExactly(new ProvidedApi("example.com", "v1", "Widget"));
                });
        assertThat(elsewhere.operatorGroups()).filteredOn(group -> group.namespace().equals(stale))
                .extracting(ClusterOperatorGroup::providedApis).containsExactly(java.util.Set.of());
        assertThat(elsewhere.copies()).containsExactly(new CopiedCsv("op.v1.0.0", global, "all", Optional.of("op"), ""));
    }
}
