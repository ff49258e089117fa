package dev.bundlectl.source.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.source.reference.Digest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;


/** Writes an OCI image layout holding one bundle image, tagged, as {@code skopeo copy ... oci:DIR:TAG} would. */
public final class TestLayout {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TestLayout() {
    }

    /** The layout directory; returns the manifest digest. */
    public static Digest write(Path layout, String tag, Path bundle) {
        try {
            byte[] layer = new TestTar().tree(bundle.resolve("manifests"), "manifests/")
                    .tree(bundle.resolve("metadata"), "metadata/").gzip();
            ObjectNode config = JSON.createObjectNode();
            ObjectNode labels = config.putObject("config").putObject("Labels");
            ImagePusher.bundleLabels("registry+v1").forEach(labels::put);
            byte[] configBytes = JSON.writeValueAsBytes(config);
            ObjectNode manifest = JSON.createObjectNode().put("schemaVersion", 2).put("mediaType", ImagePusher.OCI_MANIFEST);
            descriptor(manifest.putObject("config"), "application/vnd.oci.image.config.v1+json", configBytes);
            descriptor(manifest.putArray("layers").addObject(), "application/vnd.oci.image.layer.v1.tar+gzip", layer);
            byte[] manifestBytes = JSON.writeValueAsBytes(manifest);
            for (byte[] blob : new byte[][] {layer, configBytes, manifestBytes}) {
                Path file = layout.resolve("blobs/sha256/" + Digest.of(blob).hex());
                Files.createDirectories(file.getParent());
                Files.write(file, blob);
            }
            ObjectNode index = JSON.createObjectNode().put("schemaVersion", 2);
            ObjectNode entry = index.putArray("manifests").addObject();
            descriptor(entry, ImagePusher.OCI_MANIFEST, manifestBytes);
            entry.putObject("annotations").put("org.opencontainers.image.ref.name", tag);
            Files.write(layout.resolve("index.json"), JSON.writeValueAsBytes(index));
            Files.writeString(layout.resolve("oci-layout"), "{\"imageLayoutVersion\": \"1.0.0\"}");
            return Digest.of(manifestBytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The layout packed as an OCI archive (a tar of the layout directory). */
    public static Path archive(Path layout, Path archive) {
        try {
            return Files.write(archive, new TestTar().tree(layout, "").tar());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void descriptor(ObjectNode node, String mediaType, byte[] content) {
        node.put("mediaType", mediaType).put("digest", Digest.of(content).toString()).put("size", content.length);
    }

}
