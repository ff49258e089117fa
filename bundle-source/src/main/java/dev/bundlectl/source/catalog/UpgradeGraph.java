package dev.bundlectl.source.catalog;

import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.source.errors.CatalogException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A channel's upgrade edges, as OLM follows them: an entry may be installed over the bundle it
 * {@code replaces}, over any bundle it {@code skips}, and over any version inside its
 * {@code skipRange}. The head is the entry that no other entry replaces or skips.
 */
public final class UpgradeGraph {

    private final CatalogChannel channel;
    private final Map<String, ChannelEntry> entries = new LinkedHashMap<>();
    private final Map<String, SemanticVersion> versions;

    /**
     * @param channel the channel
     * @param versions each bundle's version by bundle name (from the catalog's bundles); an entry
     *     without one is only reached through {@code replaces} and {@code skips}
     */
    public UpgradeGraph(CatalogChannel channel, Map<String, SemanticVersion> versions) {
        this.channel = channel;
        channel.entries().forEach(entry -> entries.putIfAbsent(entry.name(), entry));
        this.versions = Map.copyOf(versions);
    }

    /** The graph of {@code channel} with the versions of {@code catalog}'s bundles. */
    public static UpgradeGraph of(Catalog catalog, CatalogChannel channel) {
        Map<String, SemanticVersion> versions = new LinkedHashMap<>();
        catalog.bundles().stream()
                .filter(bundle -> bundle.packageName().equals(channel.packageName()) && bundle.version() != null)
                .forEach(bundle -> versions.putIfAbsent(bundle.name(), bundle.version()));
        return new UpgradeGraph(channel, versions);
    }

    /** The channel head; a {@link CatalogException} naming the candidates when there is none or more than one. */
    public String head() {
        Set<String> replacedOrSkipped = new HashSet<>();
        for (ChannelEntry entry : entries.values()) {
            if (entry.replaces() != null) {
                replacedOrSkipped.add(entry.replaces());
            }
            replacedOrSkipped.addAll(entry.skips());
        }
        List<String> heads = entries.keySet().stream().filter(name -> !replacedOrSkipped.contains(name)).toList();
        if (heads.size() == 1) {
            return heads.get(0);
        }
        throw new CatalogException("package " + channel.packageName() + ", channel " + channel.name() + ": "
                + (heads.isEmpty() ? "no head (every entry is replaced or skipped by another)"
                        : "ambiguous head: " + String.join(", ", heads) + " are replaced or skipped by no other entry"));
    }

    /** The entry named {@code name}, if the channel has it. */
    public Optional<ChannelEntry> entry(String name) {
        return Optional.ofNullable(entries.get(name));
    }

    /** The version of bundle {@code name}, if known. */
    public Optional<SemanticVersion> version(String name) {
        return Optional.ofNullable(versions.get(name));
    }

    /**
     * Whether {@code target} can be installed over {@code installed} by following one or more
     * edges of this channel. The installed bundle need not be in the channel: it is matched by
     * name against {@code replaces} and {@code skips}, and by version against a {@code skipRange}.
     * Installing the same bundle again is a re-run, not an upgrade, so it is not reachable.
     *
     * @param installedName the installed bundle (CSV) name
     * @param installedVersion its version, or null when unknown (then no skipRange matches it)
     * @param target the bundle name to install
     */
    public boolean reachable(String installedName, SemanticVersion installedVersion, String target) {
        if (target.equals(installedName)) {
            return false;
        }
        Set<String> seen = new HashSet<>();
        Deque<String> toVisit = new ArrayDeque<>(List.of(target));
        while (!toVisit.isEmpty()) {
            ChannelEntry entry = entries.get(toVisit.pop());
            if (entry == null || !seen.add(entry.name())) {
                continue;
            }
            if (leadsOnFrom(entry, installedName, installedVersion)) {
                return true;
            }
            if (entry.replaces() != null) {
                toVisit.push(entry.replaces());
            }
            entry.skips().forEach(toVisit::push);
            if (entry.skipRange() != null) {
                versions.forEach((name, version) -> {
                    if (entries.containsKey(name) && entry.skipRange().contains(version)) {
                        toVisit.push(name);
                    }
                });
            }
        }
        return false;
    }

    /**
     * The hops from the installed bundle to {@code target}, as OLM v0's resolver takes them one
     * Subscription update at a time: from each bundle, among the channel's entries that replace it,
     * skip it or hold its version in their {@code skipRange} (and from which {@code target} is still
     * reachable), the one nearest the channel head, which is the highest version where versions are
     * known. Empty when {@code target} is not reachable; the list ends with {@code target}.
     *
     * @param installedName the installed bundle (CSV) name
     * @param installedVersion its version, or null when unknown
     * @param target the bundle name to end at
     */
    public Optional<List<String>> path(String installedName, SemanticVersion installedVersion, String target) {
        if (!reachable(installedName, installedVersion, target)) {
            return Optional.empty();
        }
        List<String> hops = new ArrayList<>();
        String from = installedName;
        SemanticVersion fromVersion = installedVersion;
        // Each hop moves strictly towards the target, so the walk ends within the channel's size.
        while (!from.equals(target) && hops.size() <= entries.size()) {
            ChannelEntry next = nextHop(from, fromVersion, target);
            if (next == null) {
                return Optional.empty();
            }
            hops.add(next.name());
            from = next.name();
            fromVersion = versions.get(next.name());
        }
        return from.equals(target) ? Optional.of(List.copyOf(hops)) : Optional.empty();
    }

    /** The entry one hop on from {@code from} towards {@code target}, nearest the head; null when none. */
    private ChannelEntry nextHop(String from, SemanticVersion fromVersion, String target) {
        ChannelEntry best = null;
        for (ChannelEntry entry : entries.values()) {
            if (!leadsOnFrom(entry, from, fromVersion) || entry.name().equals(from)
                    || !(entry.name().equals(target) || reachable(entry.name(), versions.get(entry.name()), target))) {
                continue;
            }
            if (best == null || nearerTheHead(entry, best)) {
                best = entry;
            }
        }
        return best;
    }

    /** The higher version is nearer the head; without versions, the one the other leads to is. */
    private boolean nearerTheHead(ChannelEntry candidate, ChannelEntry best) {
        SemanticVersion a = versions.get(candidate.name());
        SemanticVersion b = versions.get(best.name());
        if (a != null && b != null && a.compareTo(b) != 0) {
            return a.compareTo(b) > 0;
        }
        return reachable(best.name(), b, candidate.name());
    }

    /**
     * The entries one edge on from bundle {@code name}: those that replace it, skip it, or hold
     * {@code version} in their {@code skipRange}, in channel order.
     */
    public List<String> onwardFrom(String name, SemanticVersion version) {
        return entries.values().stream().filter(entry -> leadsOnFrom(entry, name, version)).map(ChannelEntry::name)
                .toList();
    }

    /**
     * Every edge between two entries of the channel: for each entry in channel order, the entries
     * one edge on from it ({@link #onwardFrom}). An entry is no edge to itself.
     */
    public List<ChannelEdge> edges() {
        List<ChannelEdge> edges = new ArrayList<>();
        for (ChannelEntry from : entries.values()) {
            for (ChannelEntry to : entries.values()) {
                if (to != from && leadsOnFrom(to, from.name(), versions.get(from.name()))) {
                    edges.add(new ChannelEdge(from.name(), to.name()));
                }
            }
        }
        return edges;
    }

    /** Whether {@code entry} may be installed over bundle {@code name} of {@code version}: one edge. */
    private static boolean leadsOnFrom(ChannelEntry entry, String name, SemanticVersion version) {
        return name.equals(entry.replaces()) || entry.skips().contains(name) || inSkipRange(entry, version);
    }

    private static boolean inSkipRange(ChannelEntry entry, SemanticVersion version) {
        return entry.skipRange() != null && version != null && entry.skipRange().contains(version);
    }
}
