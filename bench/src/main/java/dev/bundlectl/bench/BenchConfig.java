package dev.bundlectl.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.plan.config.ConfigLocation;
import dev.bundlectl.plan.config.ConfigRead;
import dev.bundlectl.plan.config.ConfigRequest;
import dev.bundlectl.plan.config.OperatorConfigReader;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The operator configuration the benchmarks plan with: every kind of field, as an admin's would be. */
final class BenchConfig {

    private static final String INFRA_NODES = """
            nodeSelector: {node-role.kubernetes.io/infra: ""}
            tolerations: [{key: node-role.kubernetes.io/infra, operator: Exists, effect: NoSchedule}]
            resources: {requests: {cpu: 20m, memory: 128Mi}, limits: {memory: 512Mi}}
            env: [{name: LOG_LEVEL, value: debug}]
            envFrom: [{configMapRef: {name: proxy-settings}}]
            volumes: [{name: cluster-ca, configMap: {name: cluster-ca}}]
            volumeMounts: [{name: cluster-ca, mountPath: /etc/pki/cluster, readOnly: true}]
            affinity:
              nodeAffinity:
                requiredDuringSchedulingIgnoredDuringExecution:
                  nodeSelectorTerms: [{matchExpressions: [{key: node-role.kubernetes.io/infra, operator: Exists}]}]
            annotations: {example.com/cost-center: "4711"}
            """;

    private BenchConfig() {
    }

    /** The configuration, read and checked as {@code --config} reads it, given for every plan. */
    static ConfigRequest infraNodes() {
        try {
            JsonNode document = Mappers.yaml().readTree(INFRA_NODES);
            ConfigRead.Read read = (ConfigRead.Read) OperatorConfigReader.of(document,
                    ConfigLocation.file("infra-nodes.yaml"));
            return new ConfigRequest(read.config(), read.location(), "Given", "as infra-nodes.yaml gives it", null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
