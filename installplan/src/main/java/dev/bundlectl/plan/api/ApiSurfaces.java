package dev.bundlectl.plan.api;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.yaml.InputFileException;
import dev.bundlectl.bundle.yaml.SafeYaml;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * Where API surfaces come from: the built-in Kubernetes release, OLM's APIs, files given by the
 * user, and a bundle's own CRDs.
 */
public final class ApiSurfaces {

    /** The description of {@link #kubernetes()}. */
    public static final String KUBERNETES_DESCRIPTION = "built-in kubernetes 1.34";
    /** The release of {@link #kubernetes()}, which a CSV's {@code minKubeVersion} is checked against offline. */
    public static final String KUBERNETES_VERSION = "1.34.0";
    /** The description of {@link #olm()}. */
    public static final String OLM_DESCRIPTION = "built-in OLM v0 APIs";
    /** The description of {@link #builtIn()}. */
    public static final String BUILT_IN_DESCRIPTION = KUBERNETES_DESCRIPTION + " + OLM v0 APIs";

    /** Surface files are small; anything bigger is a mistake (a wrong file). */
    static final long MAX_SURFACE_FILE_BYTES = 8L * 1024 * 1024;

    private ApiSurfaces() {
    }

    /** The built-in API groups of Kubernetes 1.34 (GA versions, default API server flags). */
    public static StaticApiSurface kubernetes() {
        return BuiltIn.KUBERNETES;
    }

    /** The APIs OLM v0 adds ({@code operators.coreos.com} and {@code packages.operators.coreos.com}). */
    public static StaticApiSurface olm() {
        return BuiltIn.OLM;
    }

    /**
     * Kubernetes 1.34 plus OLM's APIs: the default for offline plans, since a bundle's CSV can only
     * be created on a cluster that runs OLM.
     */
    public static StaticApiSurface builtIn() {
        return BuiltIn.KUBERNETES_AND_OLM;
    }

    /**
     * Reads a surface file: the output of {@code kubectl api-resources} (plain or {@code -o wide})
     * or bundlectl's YAML/JSON list ({@code {group, version, kind, plural, namespaced}} or
     * {@code {apiVersion, kind, plural?, namespaced}} entries).
     *
     * @param file the file
     * @return the surface; a kubectl table gives a {@linkplain StaticApiSurface#preferredVersionsOnly
     *     preferred-versions-only} surface
     * @throws InputFileException with a one-line message naming the file and line
     */
    public static StaticApiSurface fromFile(Path file) throws InputFileException {
        return parse(SafeYaml.readText(file, MAX_SURFACE_FILE_BYTES), file.toString());
    }

    /**
     * Parses the text of a surface file; see {@link #fromFile}.
     *
     * @param text the file's content
     * @param fileName the file name used in the description and in messages
     * @throws InputFileException with a one-line message naming the file and line
     */
    public static StaticApiSurface parse(String text, String fileName) throws InputFileException {
        List<String> lines = text.lines().toList();
        int header = kubectlHeaderLine(lines);
        if (header >= 0) {
            int first = firstNonBlank(lines);
            if (first < header) {
                // Typically a warning from kubectl's stderr redirected into the file.
                throw new InputFileException(fileName, first + 1, "unexpected text before the kubectl "
                        + "api-resources header on line " + (header + 1) + "; remove it");
            }
            return StaticApiSurface.preferredVersionsOnly("kubectl api-resources file " + fileName,
                    KubectlApiResourcesParser.parse(text, fileName));
        }
        String firstLine = first(lines);
        if (firstLine.startsWith("NAME ")) {
            throw new InputFileException(fileName, 1, "looks like a table but the header is not kubectl "
                    + "api-resources' (NAME SHORTNAMES APIVERSION NAMESPACED KIND)");
        }
        return StaticApiSurface.of("API surface file " + fileName, ApiResourceListParser.parse(text, fileName));
    }

    private static int kubectlHeaderLine(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (KubectlApiResourcesParser.isHeader(lines.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private static int firstNonBlank(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                return i;
            }
        }
        return 0;
    }

    private static String first(List<String> lines) {
        return lines.isEmpty() ? "" : lines.get(firstNonBlank(lines)).strip();
    }

    /**
     * The base surface plus the APIs that the bundle's own CRDs will serve once applied. The base
     * wins where both serve a GVK: it is what the cluster serves now.
     *
     * @param base the cluster's surface
     * @param manifests the bundle's manifests; only CRDs are used
     */
    public static ApiSurface withBundleCrds(ApiSurface base, Collection<Manifest> manifests) {
        List<ApiResource> crds = CrdApiResources.from(manifests);
        return crds.isEmpty() ? base : ApiSurface.union(base, StaticApiSurface.of(CrdApiResources.DESCRIPTION, crds));
    }

    /** Loads the built-in lists once; they are immutable. */
    private static final class BuiltIn {
        static final StaticApiSurface KUBERNETES = load("kubernetes-1.34.yaml", KUBERNETES_DESCRIPTION)
                .withKubernetesVersion(KUBERNETES_VERSION);
        static final StaticApiSurface OLM = load("olm-v0.yaml", OLM_DESCRIPTION);
        static final StaticApiSurface KUBERNETES_AND_OLM = KUBERNETES.plus(OLM.resources(), BUILT_IN_DESCRIPTION);

        private static StaticApiSurface load(String resource, String description) {
            try (InputStream in = ApiSurfaces.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("built-in API surface " + resource + " is missing from the classpath");
                }
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                return StaticApiSurface.of(description, ApiResourceListParser.parse(text, resource));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InputFileException e) {
                // Our own resource: a failure here is a packaging bug, not user input.
                throw new IllegalStateException("built-in API surface is invalid: " + e.getMessage(), e);
            }
        }
    }
}
