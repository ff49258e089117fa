package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README is the front page of a guide: every page under {@code docs/} is linked from it, and
 * every relative link of the README and the guide resolves, to a file of the repository and, with
 * a {@code #fragment}, to a heading of that page (GitHub's anchor of it).
 */
class DocLinksTest {

    /** An inline Markdown link's target: {@code [text](target)}, outside code spans and blocks. */
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

    @Test
    void everyGuidePageIsLinkedFromTheReadme() {
        Path root = CliRun.repoRoot();
        Set<String> linked = new LinkedHashSet<>();
        for (String target : links(root.resolve("README.md"))) {
            linked.add(root.resolve(target.replaceAll("#.*", "")).normalize().toString());
        }
        List<String> unlinked = pages(root).stream()
                .filter(page -> !linked.contains(page.normalize().toString()))
                .map(page -> root.relativize(page).toString()).toList();
        assertThat(unlinked).as("docs pages the README's guide does not link").isEmpty();
    }

    @Test
    void everyRelativeLinkResolvesToAFileAndAHeading() {
        Path root = CliRun.repoRoot();
        List<Path> documents = new ArrayList<>(List.of(root.resolve("README.md")));
        documents.addAll(pages(root));
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path document : documents) {
            for (String target : links(document)) {
                if (target.matches("^[a-z]+:.*") || target.startsWith("//")) {
                    continue;
                }
                checked++;
                String file = target.replaceAll("#.*", "");
                String fragment = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
                Path resolved = file.isEmpty() ? document : document.getParent().resolve(file).normalize();
                String where = root.relativize(document) + ": " + target;
                if (!Files.exists(resolved)) {
                    broken.add(where + " (no such file)");
                } else if (fragment != null && resolved.toString().endsWith(".md")
                        && !anchors(resolved).contains(fragment)) {
                    broken.add(where + " (no such heading)");
                }
            }
        }
        assertThat(checked).as("relative links checked").isGreaterThan(20);
        assertThat(broken).as("links that do not resolve").isEmpty();
    }

    private static List<Path> pages(Path root) {
        try (Stream<Path> pages = Files.list(root.resolve("docs"))) {
            return pages.filter(page -> page.toString().endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The link targets of a Markdown file, fenced code blocks and code spans left out. */
    static List<String> links(Path document) {
        List<String> targets = new ArrayList<>();
        boolean fenced = false;
        for (String line : read(document).split("\n")) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher link = LINK.matcher(line.replaceAll("`[^`]*`", ""));
            while (link.find()) {
                targets.add(link.group(1));
            }
        }
        return targets;
    }

    /** GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
    static Set<String> anchors(Path page) {
        Set<String> anchors = new LinkedHashSet<>();
        boolean fenced = false;
        for (String line : read(page).split("\n")) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (fenced || !heading.matches()) {
                continue;
            }
            String slug = heading.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "")
                    .replace(' ', '-');
            String unique = slug;
            for (int n = 1; anchors.contains(unique); n++) {
                unique = slug + "-" + n;
            }
            anchors.add(unique);
        }
        return anchors;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
