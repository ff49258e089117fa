package dev.bundlectl.plan.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.Mappers;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * OLM's merge rules, pinned one by one: for each, a bundle's Deployment and a configuration that
 * both set the same thing, and the outcome the OLM function named in the test gives
 * ({@code pkg/controller/operators/olm/overrides/inject/inject.go}; docs/semantics.md §10).
 */
class ConfigInjectionTest {

    /** The bundle's Deployment: two containers, an env var, a volume and its mount, a toleration, node and pod affinity. */
    private static final String BUNDLE = """
            metadata:
              name: op
              annotations: {team: bundle}
            spec:
              template:
                metadata:
                  annotations: {team: bundle}
                spec:
                  nodeSelector: {disk: ssd}
                  tolerations:
                  - {key: dedicated, operator: Equal, value: ops, effect: NoSchedule}
                  volumes:
                  - name: certs
                    secret: {secretName: bundle-certs}
                  - name: scratch
                    emptyDir: {}
                  affinity:
                    nodeAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                        nodeSelectorTerms:
                        - matchExpressions: [{key: zone, operator: In, values: [a]}]
                    podAffinity:
                      preferredDuringSchedulingIgnoredDuringExecution:
                      - weight: 1
                        podAffinityTerm: {topologyKey: zone}
                  initContainers:
                  - name: init
                    env: [{name: LOG_LEVEL, value: info}]
                  containers:
                  - name: manager
                    env:
                    - {name: LOG_LEVEL, value: info}
                    - {name: WATCH, value: all}
                    envFrom:
                    - configMapRef: {name: defaults}
                    volumeMounts:
                    - {name: certs, mountPath: /certs}
                    resources:
                      requests: {cpu: 10m, memory: 64Mi}
                      limits: {memory: 256Mi}
                  - name: sidecar
            """;

    @Test
    void envIsMergedByNameTheConfigWinningInPlaceThenAppendedAsMergeEnvVarsDoes() {
        JsonNode merged = inject("""
                env:
                - {name: HTTP_TIMEOUT, value: 30s}
                - {name: LOG_LEVEL, value: debug}
                """);

        JsonNode manager = container(merged, 0);
        assertThat(manager.path("env")).isEqualTo(json("""
                [{name: LOG_LEVEL, value: debug}, {name: WATCH, value: all}, {name: HTTP_TIMEOUT, value: 30s}]"""));
        assertThat(container(merged, 1).path("env")).as("every container")
                .isEqualTo(json("[{name: HTTP_TIMEOUT, value: 30s}, {name: LOG_LEVEL, value: debug}]"));
        assertThat(merged.path("spec").path("template").path("spec").path("initContainers").get(0).path("env"))
                .as("init containers are not touched").isEqualTo(json("[{name: LOG_LEVEL, value: info}]"));
    }

    @Test
    void aNameTheConfigListsTwiceIsAddedTwiceWithItsLastValueAsMergeEnvVarsDoes() {
        JsonNode merged = inject("""
                env:
                - {name: A, value: "1"}
                - {name: A, value: "2"}
                """);

        assertThat(container(merged, 1).path("env")).isEqualTo(json("[{name: A, value: '2'}, {name: A, value: '2'}]"));
    }

    @Test
    void envFromIsAddedUnlessAnEqualSourceIsThereAsInjectEnvFromIntoDeploymentDoes() {
        JsonNode merged = inject("""
                envFrom:
                - configMapRef: {name: defaults}
                - secretRef: {name: creds}
                  prefix: ""
                """);

        assertThat(container(merged, 0).path("envFrom")).isEqualTo(json("""
                [{configMapRef: {name: defaults}}, {secretRef: {name: creds}, prefix: ""}]"""));
    }

    @Test
    void aVolumeOfTheSameNameIsReplacedInPlaceAndANewOneAddedAsInjectVolumesIntoDeploymentDoes() {
        JsonNode merged = inject("""
                volumes:
                - name: certs
                  configMap: {name: cluster-ca}
                - name: extra
                  emptyDir: {}
                """);

        assertThat(pod(merged).path("volumes")).isEqualTo(json("""
                [{name: certs, configMap: {name: cluster-ca}}, {name: scratch, emptyDir: {}},
                 {name: extra, emptyDir: {}}]"""));
    }

    @Test
    void aMountOfTheSameVolumeIsReplacedInEveryContainerAsInjectVolumeMountsIntoDeploymentDoes() {
        JsonNode merged = inject("""
                volumes:
                - name: certs
                  configMap: {name: cluster-ca}
                volumeMounts:
                - {name: certs, mountPath: /etc/pki/cluster, readOnly: true}
                """);

        assertThat(container(merged, 0).path("volumeMounts"))
                .isEqualTo(json("[{name: certs, mountPath: /etc/pki/cluster, readOnly: true}]"));
        assertThat(container(merged, 1).path("volumeMounts"))
                .isEqualTo(json("[{name: certs, mountPath: /etc/pki/cluster, readOnly: true}]"));
    }

    @Test
    void aTolerationIsAddedUnlessAnEqualOneIsThereAsInjectTolerationsIntoDeploymentDoes() {
        JsonNode merged = inject("""
                tolerations:
                - {key: dedicated, operator: Equal, value: ops, effect: NoSchedule, tolerationSeconds: null}
                - {key: dedicated, operator: Equal, value: infra, effect: NoSchedule}
                """);

        assertThat(pod(merged).path("tolerations")).as("the first equals the bundle's as Go decodes it")
                .isEqualTo(json("""
                        [{key: dedicated, operator: Equal, value: ops, effect: NoSchedule},
                         {key: dedicated, operator: Equal, value: infra, effect: NoSchedule}]"""));
    }

    @Test
    void resourcesReplaceEveryContainersAsInjectResourcesIntoDeploymentDoes() {
        JsonNode merged = inject("""
                resources:
                  limits: {memory: 1Gi}
                """);

        assertThat(container(merged, 0).path("resources")).isEqualTo(json("{limits: {memory: 1Gi}}"));
        assertThat(container(merged, 1).path("resources")).isEqualTo(json("{limits: {memory: 1Gi}}"));
    }

    @Test
    void theNodeSelectorIsReplacedAndAnEmptyOneClearsItAsInjectNodeSelectorIntoDeploymentDoes() {
        assertThat(pod(inject("nodeSelector: {node-role.kubernetes.io/infra: ''}")).path("nodeSelector"))
                .isEqualTo(json("{node-role.kubernetes.io/infra: ''}"));
        assertThat(pod(inject("nodeSelector: {}")).has("nodeSelector")).isFalse();
    }

    @Test
    void anAffinityPartReplacesTheSamePartAndLeavesTheOthersAsOverrideDeploymentAffinityDoes() {
        JsonNode merged = inject("""
                affinity:
                  nodeAffinity:
                    requiredDuringSchedulingIgnoredDuringExecution:
                      nodeSelectorTerms:
                      - matchExpressions: [{key: node-role.kubernetes.io/infra, operator: Exists}]
                """);

        assertThat(pod(merged).path("affinity")).isEqualTo(json("""
                nodeAffinity:
                  requiredDuringSchedulingIgnoredDuringExecution:
                    nodeSelectorTerms:
                    - matchExpressions: [{key: node-role.kubernetes.io/infra, operator: Exists}]
                podAffinity:
                  preferredDuringSchedulingIgnoredDuringExecution:
                  - weight: 1
                    podAffinityTerm: {topologyKey: zone}
                """));
    }

    @Test
    void anEmptyPartRemovesThatPartButAnEmptyPodAntiAffinityRemovesTheWholeAffinityAsOverrideDeploymentAffinityDoes() {
        assertThat(pod(inject("affinity: {nodeAffinity: {}}")).path("affinity"))
                .isEqualTo(json("""
                        podAffinity:
                          preferredDuringSchedulingIgnoredDuringExecution:
                          - weight: 1
                            podAffinityTerm: {topologyKey: zone}
                        """));
        assertThat(pod(inject("""
                affinity:
                  nodeAffinity:
                    preferredDuringSchedulingIgnoredDuringExecution:
                    - weight: 5
                      preference: {matchExpressions: [{key: zone, operator: Exists}]}
                  podAntiAffinity: {}
                """)).has("affinity")).as("OLM's quirk: node affinity set, then everything removed").isFalse();
        assertThat(pod(inject("affinity: {}")).has("affinity")).isFalse();
        assertThat(pod(inject("affinity: {podAffinity: {}, nodeAffinity: {}}")).has("affinity"))
                .as("nothing left").isFalse();
    }

    @Test
    void annotationsGoOnTheDeploymentAndItsPodTemplateWhereTheKeyIsNewAsInjectAnnotationsIntoDeploymentDoes() {
        JsonNode merged = inject("annotations: {team: platform, cost-center: '42'}");

        assertThat(merged.path("metadata").path("annotations")).isEqualTo(json("{team: bundle, cost-center: '42'}"));
        assertThat(merged.path("spec").path("template").path("metadata").path("annotations"))
                .isEqualTo(json("{team: bundle, cost-center: '42'}"));
    }

    @Test
    void theClusterProxyIsInjectedUnlessTheConfigSetsOneOfItsVariablesAsInitializeDoes() {
        ClusterProxy proxy = new ClusterProxy("http://proxy:3128", "", "localhost,.svc");

        JsonNode plain = inject("env: [{name: A, value: x}]", proxy);
        assertThat(container(plain, 1).path("env")).as("empty values dropped").isEqualTo(json("""
                [{name: A, value: x}, {name: HTTP_PROXY, value: 'http://proxy:3128'},
                 {name: NO_PROXY, value: 'localhost,.svc'}]"""));

        JsonNode overridden = inject("env: [{name: HTTPS_PROXY, value: 'http://mine:8080'}]", proxy);
        assertThat(container(overridden, 1).path("env")).as("proxy.IsOverridden: any one of the three")
                .isEqualTo(json("[{name: HTTPS_PROXY, value: 'http://mine:8080'}]"));
    }

    @Test
    void theCsvsDeploymentSpecGetsTheSameMergeWithoutTheDeploymentsOwnAnnotations() {
        ObjectNode deployment = (ObjectNode) json(BUNDLE);
        ObjectNode spec = (ObjectNode) deployment.path("spec").deepCopy();
        ConfigInjection injection = ConfigInjection.of(config("annotations: {a: b}\nenv: [{name: X, value: y}]"),
                ClusterProxy.NONE);

        injection.intoDeploymentSpec(spec);
        injection.intoDeployment(deployment);

        assertThat(spec).isEqualTo(deployment.path("spec"));
    }

    private static JsonNode inject(String config) {
        return inject(config, ClusterProxy.NONE);
    }

    private static JsonNode inject(String config, ClusterProxy proxy) {
        ObjectNode deployment = (ObjectNode) json(BUNDLE);
        ConfigInjection.of(config(config), proxy).intoDeployment(deployment);
        return deployment;
    }

    static OperatorConfig config(String yaml) {
        ConfigRead read = OperatorConfigReader.of(json(yaml), ConfigLocation.file("config.yaml"));
        assertThat(read.diagnostics().errors()).isEmpty();
        return ((ConfigRead.Read) read).config();
    }

    private static JsonNode pod(JsonNode deployment) {
        return deployment.path("spec").path("template").path("spec");
    }

    private static JsonNode container(JsonNode deployment, int index) {
        return pod(deployment).path("containers").get(index);
    }

    static JsonNode json(String yaml) {
        try {
            return Mappers.yaml().readTree(yaml);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
