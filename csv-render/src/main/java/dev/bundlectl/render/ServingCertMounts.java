package dev.bundlectl.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Mounts a serving-certificate Secret into a webhook deployment's pods where OLM mounts it
 * ({@code AddDefaultCertVolumeAndVolumeMounts}): as {@code apiserver.crt}/{@code apiserver.key}
 * under {@code /apiserver.local.config/certificates} (where OLM's API servers look), and as
 * {@code tls.crt}/{@code tls.key} under {@code /tmp/k8s-webhook-server/serving-certs} (where
 * operator-sdk and kubebuilder webhook servers look). Like OLM, a volume of the same name is
 * replaced, and in each container an existing mount of the same volume is kept while one at the
 * same path is replaced.
 */
final class ServingCertMounts {

    static final String APISERVICE_VOLUME = "apiservice-cert";
    static final String APISERVICE_PATH = "/apiserver.local.config/certificates";
    static final String WEBHOOK_VOLUME = "webhook-cert";
    static final String WEBHOOK_PATH = "/tmp/k8s-webhook-server/serving-certs";

    private ServingCertMounts() {
    }

    /** Adds both volumes and their mounts to this pod spec (a copy the caller owns). */
    static void add(ObjectNode podSpec, String secretName) {
        mount(podSpec, volume(APISERVICE_VOLUME, secretName, "apiserver.crt", "apiserver.key"), APISERVICE_PATH);
        mount(podSpec, volume(WEBHOOK_VOLUME, secretName, "tls.crt", "tls.key"), WEBHOOK_PATH);
    }

    private static ObjectNode volume(String name, String secretName, String certPath, String keyPath) {
        ObjectNode volume = Json.object();
        volume.put("name", name);
        ObjectNode secret = volume.putObject("secret");
        secret.put("secretName", secretName);
        ArrayNode items = secret.putArray("items");
        items.addObject().put("key", "tls.crt").put("path", certPath);
        items.addObject().put("key", "tls.key").put("path", keyPath);
        return volume;
    }

    private static void mount(ObjectNode podSpec, ObjectNode volume, String mountPath) {
        String name = volume.path("name").asText();
        ArrayNode volumes = Json.childArray(podSpec, "volumes");
        int existing = indexOf(volumes, "name", name);
        if (existing >= 0) {
            volumes.set(existing, volume);
        } else {
            volumes.add(volume);
        }
        ObjectNode mount = Json.object().put("name", name).put("mountPath", mountPath);
        for (JsonNode container : podSpec.path("containers")) {
            if (!container.isObject()) {
                continue;
            }
            ArrayNode mounts = Json.childArray((ObjectNode) container, "volumeMounts");
            if (indexOf(mounts, "name", name) >= 0) {
                continue;
            }
            int samePath = indexOf(mounts, "mountPath", mountPath);
            if (samePath >= 0) {
                mounts.set(samePath, mount.deepCopy());
            } else {
                mounts.add(mount.deepCopy());
            }
        }
    }

    private static int indexOf(ArrayNode list, String field, String value) {
        for (int i = 0; i < list.size(); i++) {
            if (value.equals(list.get(i).path(field).asText(null))) {
                return i;
            }
        }
        return -1;
    }
}
