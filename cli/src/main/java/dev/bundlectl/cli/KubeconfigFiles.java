package dev.bundlectl.cli;

import dev.bundlectl.bundle.yaml.FileBytes;
import io.fabric8.kubernetes.client.Config;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Checks the kubeconfig files before fabric8 reads them, through the project's one guarded file
 * reader: fabric8 opens what it is given and reads it whole, so a FIFO would block it forever and
 * a device would fill the heap.
 */
final class KubeconfigFiles {

    /**
     * 4 MiB: a kubeconfig with a hundred contexts and embedded certificates is a few hundred KB.
     */
    static final long MAX_BYTES = 4L * 1024 * 1024;

    /** An {@code exec} or {@code auth-provider} key, YAML or JSON (base64 data holds no colon). */
    private static final Pattern CREDENTIAL_PLUGIN_KEY = Pattern.compile("(exec|auth-provider)[\"']?\\s*:");

    private KubeconfigFiles() {
    }

    /**
     * Refuses a kubeconfig that is not a readable regular file within {@link #MAX_BYTES}.
     *
     * @param explicit the {@code --kubeconfig} file, or null for the files {@code KUBECONFIG} (or
     *     {@code ~/.kube/config}) names; of those, missing ones are skipped as fabric8 skips them
     * @throws UserInputException naming the file and the problem
     */
    static void check(Path explicit) {
        List<String> problems = new ArrayList<>();
        for (Path file : explicit != null ? List.of(explicit) : named()) {
            FileBytes read = FileBytes.read(file, MAX_BYTES);
            String problem = problem(read, file);
            boolean missing = read instanceof FileBytes.Unreadable unreadable
                    && unreadable.cause() instanceof NoSuchFileException;
            if (problem != null && !(missing && explicit == null)) {
                problems.add(problem);
            }
        }
        if (!problems.isEmpty()) {
            throw new UserInputException(problems);
        }
    }

    /**
     * Whether the kubeconfig files might run a credential plugin when read: any with an
     * {@code exec} or {@code auth-provider} key, found by a plain text search for either word before
     * a colon (YAML or JSON; a value that looks so counts too, which only costs the head start). fabric8 runs an exec plugin while it loads the kubeconfig, so a
     * set-up that starts before the command line is known valid ({@link EarlyConnection}) must not
     * read such a kubeconfig: a plugin may take its time or ask the user to log in.
     *
     * @param explicit the {@code --kubeconfig} file, or null for the files {@code KUBECONFIG} (or
     *     {@code ~/.kube/config}) names
     */
    static boolean mayRunCredentialPlugin(Path explicit) {
        for (Path file : explicit != null ? List.of(explicit) : named()) {
            if (FileBytes.read(file, MAX_BYTES) instanceof FileBytes.Content content) {
                if (CREDENTIAL_PLUGIN_KEY.matcher(new String(content.bytes(), StandardCharsets.UTF_8)).find()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Path> named() {
        List<Path> files = new ArrayList<>();
        for (String name : Config.getKubeconfigFilenames()) {
            if (!name.isBlank()) {
                files.add(Path.of(name));
            }
        }
        return files;
    }

    private static String problem(FileBytes read, Path file) {
        String prefix = "kubeconfig " + file + ": ";
        if (read instanceof FileBytes.NotRegular notRegular) {
            return prefix + notRegular.problem();
        }
        if (read instanceof FileBytes.TooLarge tooLarge) {
            return prefix + "the file is " + tooLarge.size() + " bytes, more than the limit of " + MAX_BYTES
                    + " bytes; it was not read";
        }
        if (read instanceof FileBytes.Unreadable unreadable) {
            return prefix + (unreadable.cause() instanceof NoSuchFileException ? "no such file"
                    : "cannot be read: " + unreadable.cause().getMessage());
        }
        return null;
    }
}
