package dev.bundlectl.cli.training;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Writes the release's {@code THIRD-PARTY-NOTICES.txt} from the jars the CLI ships: for each, its
 * coordinates, project name and URL and licenses as its POM declares them (or the nearest parent POM
 * that does), followed by the NOTICE files the jars carry, which Apache-2.0 asks redistributors to
 * pass on. Generated from the dependency list at build time, so it cannot fall behind a dependency
 * change. Arguments: {@code OUTPUT CLASSPATH...} (the release build passes Maven's runtime class path;
 * entries that are not jars from a Maven repository, such as this project's own classes, are skipped).
 */
public final class ThirdPartyNotices {

    private ThirdPartyNotices() {
    }

    /** One shipped artifact. */
    record Component(String coordinates, String name, String url, List<String> licenses, String notice) {
    }

    public static void main(String[] args) throws Exception {
        Path output = Path.of(args[0]);
        TreeMap<String, Component> components = new TreeMap<>();
        for (int i = 1; i < args.length; i++) {
            for (String entry : args[i].split(java.io.File.pathSeparator)) {
                Path jar = Path.of(entry);
                if (Files.isRegularFile(jar) && jar.toString().endsWith(".jar") && inMavenRepository(jar)) {
                    Component component = describe(jar);
                    components.put(component.coordinates(), component);
                }
            }
        }
        StringBuilder text = new StringBuilder();
        text.append("bundlectl third-party notices\n=============================\n\n")
                .append("bundlectl itself is licensed under the Apache License 2.0 (LICENSE). It ships the\n")
                .append("components below, unmodified, inside lib/bundlectl.jar, and a Java runtime made with jlink\n")
                .append("from OpenJDK (GPLv2 with the Classpath Exception; its notices are in runtime/legal/).\n\n");
        for (Component component : components.values()) {
            text.append(component.coordinates()).append('\n');
            text.append("  ").append(component.name()).append(component.url().isEmpty() ? "" : " <" + component.url() + ">")
                    .append('\n');
            for (String license : component.licenses()) {
                text.append("  License: ").append(license).append('\n');
            }
            text.append('\n');
        }
        text.append("\nNOTICE files of the components\n==============================\n");
        for (Component component : components.values()) {
            if (!component.notice().isBlank()) {
                text.append("\n--- ").append(component.coordinates()).append(" ---\n").append(component.notice().strip())
                        .append('\n');
            }
        }
        Files.createDirectories(output.toAbsolutePath().getParent());
        Files.writeString(output, text.toString());
        System.out.println("third-party notices: " + components.size() + " components in " + output);
    }

    /** Whether the jar sits in a Maven repository beside its POM (this project's own modules do not). */
    private static boolean inMavenRepository(Path jar) {
        Path versionDir = jar.getParent();
        Path artifactDir = versionDir == null ? null : versionDir.getParent();
        return artifactDir != null && Files.isRegularFile(versionDir.resolve(
                artifactDir.getFileName() + "-" + versionDir.getFileName() + ".pom"));
    }

    private static Component describe(Path jar) throws Exception {
        Path versionDir = jar.getParent();
        Path artifactDir = versionDir.getParent();
        String artifact = artifactDir.getFileName().toString();
        String version = versionDir.getFileName().toString();
        Path pom = versionDir.resolve(artifact + "-" + version + ".pom");
        String group = "";
        String name = artifact;
        String url = "";
        List<String> licenses = new ArrayList<>();
        Path current = pom;
        for (int depth = 0; depth < 6 && current != null && Files.isRegularFile(current); depth++) {
            Element project = parse(current);
            if (depth == 0) {
                group = firstText(project, "groupId", firstText(child(project, "parent"), "groupId", ""));
                name = firstText(project, "name", artifact);
                url = firstText(project, "url", "");
            }
            licenses = licenses(project);
            if (!licenses.isEmpty()) {
                break;
            }
            current = parentPom(current, child(project, "parent"));
        }
        if (licenses.isEmpty()) {
            licenses = List.of("not declared in its POM; see the project's site");
        }
        return new Component(group + ":" + artifact + ":" + version, name.strip().replaceAll("\\s+", " "), url.strip(),
                licenses, notices(jar));
    }

    /** The parent POM in the same local repository, or null. */
    private static Path parentPom(Path pom, Element parent) {
        if (parent == null) {
            return null;
        }
        String groupId = firstText(parent, "groupId", "");
        String artifactId = firstText(parent, "artifactId", "");
        String version = firstText(parent, "version", "");
        // pom = REPO/<group path>/<artifact>/<version>/<file>: climb from the group directory until
        // the parent's coordinates below it name an existing file.
        Path root = pom.getParent().getParent().getParent();
        while (root != null) {
            Path candidate = root.resolve(groupId.replace('.', '/')).resolve(artifactId).resolve(version)
                    .resolve(artifactId + "-" + version + ".pom");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
            root = root.getParent();
        }
        return null;
    }

    private static List<String> licenses(Element project) {
        List<String> found = new ArrayList<>();
        Element licenses = child(project, "licenses");
        if (licenses == null) {
            return found;
        }
        NodeList nodes = licenses.getElementsByTagName("license");
        for (int i = 0; i < nodes.getLength(); i++) {
            Element license = (Element) nodes.item(i);
            String licenseUrl = firstText(license, "url", "");
            found.add(firstText(license, "name", "unnamed").strip() + (licenseUrl.isEmpty() ? "" : " <" + licenseUrl.strip() + ">"));
        }
        return found;
    }

    private static String notices(Path jar) throws IOException {
        StringBuilder notices = new StringBuilder();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (String entryName : List.of("META-INF/NOTICE", "META-INF/NOTICE.txt", "META-INF/NOTICE.md")) {
                ZipEntry entry = file.getEntry(entryName);
                if (entry != null) {
                    try (InputStream in = file.getInputStream(entry)) {
                        notices.append(new String(in.readAllBytes(), StandardCharsets.UTF_8)).append('\n');
                    }
                }
            }
        }
        return notices.toString();
    }

    private static Element parse(Path pom) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document document = factory.newDocumentBuilder().parse(pom.toFile());
        return document.getDocumentElement();
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                return element;
            }
        }
        return null;
    }

    private static String firstText(Element parent, String name, String fallback) {
        Element element = child(parent, name);
        return element == null ? fallback : element.getTextContent();
    }
}
