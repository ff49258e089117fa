package dev.bundlectl.executor.diff;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A plan's diff as unified-diff text, one file per changed object, headed as {@code kubectl diff}
 * heads them ({@code --- live/apps.v1.Deployment.ops.cachebox-operator}, {@code +++
 * planned/...}) with three lines of context. A created object is all additions from
 * {@code /dev/null}, a deleted one all deletions to it, as {@code diff -u -N} shows them; under
 * {@link DiffRendering#brief()} each is one line instead ({@code + Kind namespace/name (created)}).
 * Unchanged and uncompared objects add nothing: {@link PlanDiff#summary()} counts them.
 */
public final class UnifiedDiffText {

    private static final int CONTEXT = 3;

    private UnifiedDiffText() {
    }

    /** The diff of every step in {@code diff}, bounded as {@code rendering} says. */
    public static String render(PlanDiff diff, DiffRendering rendering) {
        StringBuilder text = new StringBuilder();
        for (StepDiff step : diff.steps()) {
            for (String line : lines(step, rendering.brief())) {
                text.append(line).append('\n');
            }
        }
        return rendering.maxBytes() == 0 ? text.toString() : bounded(text.toString(), rendering.maxBytes());
    }

    /** The lines of one step's diff; none when it changes nothing. */
    static List<String> lines(StepDiff step, boolean brief) {
        String file = step.subject().fileName();
        if (step instanceof StepDiff.Changed changed) {
            List<String> live = DiffYaml.lines(changed.live());
            Patch<String> patch = DiffUtils.diff(live, DiffYaml.lines(changed.planned()));
            return UnifiedDiffUtils.generateUnifiedDiff("live/" + file, "planned/" + file, live, patch, CONTEXT);
        }
        if (step instanceof StepDiff.Created created) {
            return brief ? List.of("+ " + step.subject().displayName() + " (created)")
                    : wholeFile("/dev/null", "planned/" + file, '+', DiffYaml.lines(created.planned()));
        }
        if (step instanceof StepDiff.Deleted deleted) {
            return brief ? List.of("- " + step.subject().displayName() + " (deleted)")
                    : wholeFile("live/" + file, "/dev/null", '-', DiffYaml.lines(deleted.live()));
        }
        return List.of();
    }

    /** A file added or removed as a whole: one hunk of every line. */
    private static List<String> wholeFile(String from, String to, char sign, List<String> content) {
        List<String> lines = new ArrayList<>(content.size() + 3);
        lines.add("--- " + from);
        lines.add("+++ " + to);
        String range = "1," + content.size();
        lines.add(sign == '+' ? "@@ -0,0 +" + range + " @@" : "@@ -" + range + " +0,0 @@");
        content.forEach(line -> lines.add(sign + line));
        return lines;
    }

    /**
     * {@code text} cut at a line end so that it and the note saying so fit in {@code maxBytes}
     * UTF-8 bytes; the text itself when it fits.
     */
    static String bounded(String text, int maxBytes) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return text;
        }
        String note = "# diff truncated: " + bytes.length + " bytes in all, the first %d shown; "
                + "bundlectl plan --kubeconfig ... -o diff prints all of it\n";
        int room = maxBytes - (note.length() + 10);
        int cut = room;
        while (cut > 0 && bytes[cut - 1] != '\n') {
            cut--;
        }
        String kept = new String(bytes, 0, cut, StandardCharsets.UTF_8);
        return kept + note.formatted(cut);
    }
}
