package dev.bundlectl.source.reference;

import dev.bundlectl.source.errors.BadReferenceException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Tells a directory from an image reference and parses the reference with the grammar of the
 * distribution project's reference package. Text that neither names an existing directory nor
 * starts with a registry host (a name with a dot or a port, or {@code localhost}) is taken as a
 * directory path, so a mistyped directory still gets the reader's "not a directory" message.
 */
public final class ReferenceParser {

    private static final String LAYOUT_PREFIX = "oci-layout:";
    private static final String ARCHIVE_PREFIX = "oci-archive:";
    private static final String LABEL = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
    private static final Pattern HOST = Pattern.compile(
            "(?:" + LABEL + "(?:\\." + LABEL + ")+(?::[0-9]+)?|localhost(?::[0-9]+)?|" + LABEL + ":[0-9]+"
                    + "|\\[[a-fA-F0-9:]+\\](?::[0-9]+)?)");
    private static final Pattern COMPONENT = Pattern.compile("[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*");
    private static final Pattern TAG = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");
    private static final int MAX_NAME = 255;

    private ReferenceParser() {
    }

    /** The source {@code text} names; a malformed image reference is a {@link BadReferenceException}. */
    public static SourceReference parse(String text) {
        if (text == null || text.isBlank()) {
            throw new BadReferenceException("an empty bundle reference");
        }
        if (text.startsWith(LAYOUT_PREFIX)) {
            return layout(text);
        }
        if (text.startsWith(ARCHIVE_PREFIX)) {
            return archive(text);
        }
        Path asPath = pathOrNull(text);
        if (asPath != null && Files.isDirectory(asPath)) {
            return new LocalDirectory(asPath);
        }
        int slash = text.indexOf('/');
        if (slash > 0 && HOST.matcher(text.substring(0, slash)).matches()) {
            return registry(text);
        }
        if (asPath == null) {
            throw new BadReferenceException("\"" + text + "\" is neither a directory nor an image reference");
        }
        return new LocalDirectory(asPath);
    }

    /** Parses a reference that must be an image (a catalog's bundle image, a pinned plan source). */
    public static ImageReference parseImage(String text) {
        SourceReference parsed = parse(text);
        if (parsed instanceof ImageReference image) {
            return image;
        }
        throw new BadReferenceException("\"" + text + "\" is not an image reference (registry/repository:tag, "
                + "registry/repository@sha256:..., oci-layout:DIR[:tag] or oci-archive:FILE[:tag])");
    }

    private static RegistryReference registry(String text) {
        int slash = text.indexOf('/');
        String registry = text.substring(0, slash);
        String rest = text.substring(slash + 1);
        Digest digest = null;
        int at = rest.indexOf('@');
        if (at >= 0) {
            digest = parseDigest(text, rest.substring(at + 1));
            rest = rest.substring(0, at);
        }
        String tag = null;
        int colon = rest.lastIndexOf(':');
        if (colon >= 0 && rest.indexOf('/', colon) < 0) {
            tag = rest.substring(colon + 1);
            rest = rest.substring(0, colon);
            if (!TAG.matcher(tag).matches()) {
                throw bad(text, "tag \"" + tag + "\" is not valid (letters, digits, _ . -, at most 128, not "
                        + "starting with . or -)");
            }
        }
        if (rest.isEmpty()) {
            throw bad(text, "no repository after the registry " + registry);
        }
        if (rest.length() > MAX_NAME) {
            throw bad(text, "the repository name is longer than " + MAX_NAME + " characters");
        }
        for (String component : rest.split("/", -1)) {
            if (!COMPONENT.matcher(component).matches()) {
                throw bad(text, "repository component \"" + component + "\" is not valid (lower-case letters, "
                        + "digits, separated by . _ __ or -)");
            }
        }
        if (tag == null && digest == null) {
            throw bad(text, "no tag or digest (add :TAG or @sha256:DIGEST)");
        }
        return new RegistryReference(registry, rest, tag, digest);
    }

    private static OciLayoutReference layout(String text) {
        PathAndSelector parsed = pathAndSelector(text, text.substring(LAYOUT_PREFIX.length()));
        if (!Files.isDirectory(parsed.path())) {
            throw bad(text, parsed.path() + " is not a directory");
        }
        if (!Files.isRegularFile(parsed.path().resolve("index.json"))) {
            throw bad(text, parsed.path() + " is not an OCI image layout (no index.json)");
        }
        return new OciLayoutReference(parsed.path(), parsed.tag(), parsed.digest());
    }

    private static OciArchiveReference archive(String text) {
        PathAndSelector parsed = pathAndSelector(text, text.substring(ARCHIVE_PREFIX.length()));
        if (!Files.isRegularFile(parsed.path())) {
            throw bad(text, parsed.path() + " is not a file");
        }
        return new OciArchiveReference(parsed.path(), parsed.tag(), parsed.digest());
    }

    private record PathAndSelector(Path path, String tag, Digest digest) {
    }

    /** {@code PATH}, {@code PATH:tag} or {@code PATH@sha256:...}; a colon inside a path is kept when what follows is no tag. */
    private static PathAndSelector pathAndSelector(String text, String body) {
        Digest digest = null;
        int at = body.lastIndexOf("@sha256:");
        if (at >= 0) {
            digest = parseDigest(text, body.substring(at + 1));
            body = body.substring(0, at);
        }
        String tag = null;
        int colon = body.lastIndexOf(':');
        Path whole = pathOrNull(body);
        boolean namesExistingPath = whole != null && Files.exists(whole);
        if (digest == null && !namesExistingPath && colon >= 0 && TAG.matcher(body.substring(colon + 1)).matches()) {
            tag = body.substring(colon + 1);
            body = body.substring(0, colon);
        }
        if (body.isEmpty()) {
            throw bad(text, "no path");
        }
        Path path = pathOrNull(body);
        if (path == null) {
            throw bad(text, "\"" + body + "\" is not a valid path");
        }
        return new PathAndSelector(path, tag, digest);
    }

    private static Digest parseDigest(String text, String digest) {
        if (!Digest.isDigest(digest)) {
            throw bad(text, "digest \"" + digest + "\" is not sha256: and 64 lower-case hex digits");
        }
        return Digest.parse(digest);
    }

    private static Path pathOrNull(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    private static BadReferenceException bad(String text, String problem) {
        return new BadReferenceException("bad image reference \"" + text + "\": " + problem);
    }
}
