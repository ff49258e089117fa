package dev.bundlectl.cluster.connect;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.fabric8.kubernetes.client.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads fabric8's {@link Config} from {@code --kubeconfig} and {@code --context}, or from
 * {@code KUBECONFIG} / {@code ~/.kube/config} / the in-cluster service account, with exec and
 * token authentication as fabric8 implements them. Errors become one-line diagnostics that never
 * include credentials.
 *
 * <p>Each file is read once for the whole load ({@link KubeconfigModels}), into fabric8's model,
 * without Jackson's binding when the file is plain ({@link PlainKubeconfigReader}). An explicit
 * {@code --kubeconfig} is made into a configuration as {@code Config.fromKubeconfig} makes it, and
 * {@code KUBECONFIG} or {@code ~/.kube/config} as {@code Config.autoConfigure} makes it (with
 * fabric8's environment variables and system properties over the files): from those models,
 * through fabric8's own merge. The in-cluster configuration is fabric8's.
 */
final class KubeconfigLoader {

    private KubeconfigLoader() {
    }

    static Config load(ConnectionSettings settings) throws ConnectionException {
        List<Path> files;
        Config config;
        KubeconfigModels models = new KubeconfigModels();
        if (settings.kubeconfig() != null) {
            Path file = settings.kubeconfig();
            if (!Files.isRegularFile(file)) {
                throw new ConnectionException("kubeconfig " + file + " does not exist or is not a file");
            }
            files = List.of(file);
            config = read(file.toString(), () -> models.clientConfig(settings.context(), file));
        } else {
            files = defaultFiles();
            config = read(files.isEmpty() ? "(in-cluster configuration)" : files.toString(),
                    () -> models.autoConfig(settings.context()).orElseGet(() -> Config.autoConfigure(settings.context())));
            if (files.isEmpty() && System.getenv("KUBERNETES_SERVICE_HOST") == null) {
                String fromEnvironment = System.getenv("KUBECONFIG");
                throw new ConnectionException(fromEnvironment != null && !fromEnvironment.isBlank()
                        ? "KUBECONFIG names no existing file: " + fromEnvironment
                        : "no cluster configured: pass --kubeconfig, set KUBECONFIG, create ~/.kube/config, "
                                + "or run inside a cluster");
            }
        }
        if (settings.context() != null && (config.getCurrentContext() == null
                || !settings.context().equals(config.getCurrentContext().getName()))) {
            throw new ConnectionException("context \"" + settings.context() + "\" not found in kubeconfig " + files);
        }
        TlsVerification.enforce(config, files, models);
        checkAuthority(config, files);
        KubeconfigImpersonation.apply(config, models);
        return config;
    }

    // The authority is read again when the connection is made; a broken one is the kubeconfig's
    // mistake, reported here, before anything is sent.
    private static void checkAuthority(Config config, List<Path> files) throws ConnectionException {
        try {
            ClusterAuthority.namedOnly(config);
        } catch (GeneralSecurityException | IOException e) {
            String cluster = config.getCurrentContext() == null || config.getCurrentContext().getContext() == null
                    ? "of the current context" : "\"" + config.getCurrentContext().getContext().getCluster() + "\"";
            String field = config.getCaCertData() != null && !config.getCaCertData().isBlank()
                    ? "certificate-authority-data" : "certificate-authority";
            throw new ConnectionException("kubeconfig " + (files.isEmpty() ? "(in-cluster configuration)" : files)
                    + ": cluster " + cluster + ": " + field + " holds no readable certificate ("
                    + (e instanceof NoSuchFileException ? "no such file: " : "") + firstLine(String.valueOf(e.getMessage()))
                    + ")");
        }
    }

    private static List<Path> defaultFiles() {
        List<Path> files = new ArrayList<>();
        for (String name : Config.getKubeconfigFilenames()) {
            Path path = Path.of(name);
            if (Files.isRegularFile(path)) {
                files.add(path);
            }
        }
        return files;
    }

    private static Config read(String source, ConfigSource load) throws ConnectionException {
        try {
            return load.get();
        } catch (RuntimeException e) {
            throw new ConnectionException("cannot load kubeconfig " + source + ": " + firstLine(reason(e)), e);
        }
    }

    // fabric8's messages name files and fields; they do not carry token values. A file fabric8 reads
    // as JSON (it starts with { or [) and cannot parse fails with fabric8's "An error has occurred.";
    // Jackson's own message may quote the text it met, a token perhaps, so only its place is said.
    private static String reason(RuntimeException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof JsonProcessingException json) {
                JsonLocation at = json.getLocation();
                return "not valid JSON" + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
                        + " (a kubeconfig that starts with { or [ is read as JSON)";
            }
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    @FunctionalInterface
    private interface ConfigSource {
        Config get();
    }
}
