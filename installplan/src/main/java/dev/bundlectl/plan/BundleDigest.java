package dev.bundlectl.plan;

import dev.bundlectl.bundle.files.Sha256;
import dev.bundlectl.plan.model.Step;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

/**
 * The digest that identifies a plan's content: SHA-256 over the steps' {@code resource.manifest}
 * strings in step order, each followed by a newline (compact JSON holds no raw newline, so the
 * joining is unambiguous). Written {@code sha256:<64 hex digits>}.
 *
 * <p>It is computed before Secret values are redacted. To verify a reviewed (redacted) plan,
 * plan the bundle again and compare this annotation with the new plan's.
 */
public final class BundleDigest {

    private BundleDigest() {
    }

    /** The digest of these steps' manifests. */
    public static String of(List<Step> steps) {
        return ofManifests(steps.stream().map(step -> step.resource().manifest()).toList());
    }

    /** The digest of these manifest strings, in order. */
    public static String ofManifests(List<String> manifests) {
        MessageDigest sha256 = Sha256.newDigest();
        for (String manifest : manifests) {
            sha256.update((manifest == null ? "" : manifest).getBytes(StandardCharsets.UTF_8));
            sha256.update((byte) '\n');
        }
        return "sha256:" + HexFormat.of().formatHex(sha256.digest());
    }
}
