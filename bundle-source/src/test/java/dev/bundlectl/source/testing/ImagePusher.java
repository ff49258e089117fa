package dev.bundlectl.source.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.source.reference.Digest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Pushes images to a real registry through its HTTP API (blob upload, then manifest PUT), as a
 * build tool would: sample bundles as bundle images, and hand-made layers for hostile cases.
 */
public final class ImagePusher {

    public static final String OCI_MANIFEST = "application/vnd.oci.image.manifest.v1+json";
    public static final String OCI_INDEX = "application/vnd.oci.image.index.v1+json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final RealRegistry registry;
    private final HttpClient http;

    public ImagePusher(RealRegistry registry) {
        this.registry = registry;
        this.http = registry.httpClient();
    }

    /** The labels of a registry+v1 bundle image. */
    public static Map<String, String> bundleLabels(String mediaType) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("operators.operatorframework.io.bundle.mediatype.v1", mediaType);
        labels.put("operators.operatorframework.io.bundle.manifests.v1", "manifests/");
        labels.put("operators.operatorframework.io.bundle.metadata.v1", "metadata/");
        return labels;
    }

    /** Pushes a bundle directory as a one-layer registry+v1 image; returns the manifest digest. */
    public Digest pushBundle(String repository, String tag, Path bundle) {
        byte[] layer = new TestTar().directory("manifests/").tree(bundle.resolve("manifests"), "manifests/")
                .directory("metadata/").tree(bundle.resolve("metadata"), "metadata/").file("README", "not taken").gzip();
        return pushImage(repository, tag, bundleLabels("registry+v1"), layer);
    }

    /** Pushes an image of one gzip layer with the given config labels; returns the manifest digest. */
    public Digest pushImage(String repository, String tag, Map<String, String> labels, byte[] gzipLayer) {
        byte[] manifest = manifest(repository, labels, gzipLayer);
        return putManifest(repository, tag, OCI_MANIFEST, manifest);
    }

    /** Pushes the image's blobs and returns its manifest bytes, without tagging it. */
    public byte[] manifest(String repository, Map<String, String> labels, byte[] gzipLayer) {
        ObjectNode config = JSON.createObjectNode();
        config.put("architecture", "amd64").put("os", "linux");
        ObjectNode labelNode = config.putObject("config").putObject("Labels");
        labels.forEach(labelNode::put);
        config.putObject("rootfs").put("type", "layers").putArray("diff_ids")
                .add(Digest.of(gunzip(gzipLayer)).toString());
        byte[] configBytes = bytes(config);
        uploadBlob(repository, configBytes);
        uploadBlob(repository, gzipLayer);
        ObjectNode manifest = JSON.createObjectNode();
        manifest.put("schemaVersion", 2).put("mediaType", OCI_MANIFEST);
        descriptor(manifest.putObject("config"), "application/vnd.oci.image.config.v1+json", configBytes);
        descriptor(manifest.putArray("layers").addObject(), "application/vnd.oci.image.layer.v1.tar+gzip", gzipLayer);
        return bytes(manifest);
    }

    /**
     * Pushes an index whose linux/amd64 entry is {@code amd64} and whose other entry (arm64) is a
     * manifest of the same blobs; both manifests are pushed by digest first.
     */
    public Digest pushIndex(String repository, String tag, byte[] amd64, byte[] arm64) {
        putManifest(repository, Digest.of(amd64).toString(), OCI_MANIFEST, amd64);
        putManifest(repository, Digest.of(arm64).toString(), OCI_MANIFEST, arm64);
        ObjectNode index = JSON.createObjectNode();
        index.put("schemaVersion", 2).put("mediaType", OCI_INDEX);
        ArrayNode manifests = index.putArray("manifests");
        ObjectNode arm = manifests.addObject();
        descriptor(arm, OCI_MANIFEST, arm64);
        arm.putObject("platform").put("os", "linux").put("architecture", "arm64");
        ObjectNode amd = manifests.addObject();
        descriptor(amd, OCI_MANIFEST, amd64);
        amd.putObject("platform").put("os", "linux").put("architecture", "amd64");
        return putManifest(repository, tag, OCI_INDEX, bytes(index));
    }

    public void uploadBlob(String repository, byte[] blob) {
        HttpResponse<String> started = send(repository, HttpRequest.newBuilder(registry.uri("/v2/" + repository + "/blobs/uploads/"))
                .POST(HttpRequest.BodyPublishers.noBody()));
        expect(started, 202, "start upload");
        String location = started.headers().firstValue("Location").orElseThrow();
        URI upload = location.startsWith("http") ? URI.create(location) : registry.uri(location);
        String separator = upload.toString().contains("?") ? "&" : "?";
        HttpResponse<String> done = send(repository, HttpRequest.newBuilder(URI.create(upload + separator + "digest="
                + Digest.of(blob))).header("Content-Type", "application/octet-stream")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(blob)));
        expect(done, 201, "finish upload");
    }

    public Digest putManifest(String repository, String reference, String mediaType, byte[] manifest) {
        HttpResponse<String> put = send(repository, HttpRequest.newBuilder(registry.uri("/v2/" + repository
                + "/manifests/" + reference)).header("Content-Type", mediaType)
                .PUT(HttpRequest.BodyPublishers.ofByteArray(manifest)));
        expect(put, 201, "put manifest");
        return Digest.of(manifest);
    }

    private HttpResponse<String> send(String repository, HttpRequest.Builder request) {
        registry.pushAuthorization(repository).ifPresent(value -> request.header("Authorization", value));
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void expect(HttpResponse<String> response, int status, String what) {
        if (response.statusCode() != status) {
            throw new IllegalStateException(what + ": HTTP " + response.statusCode() + " " + response.body());
        }
    }

    private static void descriptor(ObjectNode node, String mediaType, byte[] content) {
        node.put("mediaType", mediaType).put("digest", Digest.of(content).toString()).put("size", content.length);
    }

    private static byte[] bytes(ObjectNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] gunzip(byte[] gzip) {
        try (java.util.zip.GZIPInputStream in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(gzip))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
