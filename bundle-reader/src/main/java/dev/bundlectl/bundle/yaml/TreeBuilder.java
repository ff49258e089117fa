package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.ReaderLimits;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Builds the tree of one document from a streaming parser, doing what jackson-dataformat-yaml
 * does not: it expands YAML aliases (jackson hands {@code *a} over as the string {@code "a"}),
 * applies merge keys ({@code <<: *a} and {@code <<: [*a, *b]}), refuses tags outside the YAML
 * core schema (jackson drops them silently), and records duplicate keys, the
 * anchors and aliases it met, and the lines where the document and the elements of a root
 * sequence start.
 *
 * <p>Aliases are expanded by deep copy so that every manifest owns its tree. The copies are
 * counted against an {@link ExpansionBudget} shared by the file's documents: the size of an
 * anchored node is known once it is complete, so an alias bomb fails before its first oversized
 * copy is made.
 * The builder keeps its own stack instead of recursing, so no input can overflow the Java stack;
 * the nesting bound is checked on every push.
 *
 * <p>One instance builds one document: anchors are scoped to their document in YAML.
 */
final class TreeBuilder {

    private static final String MERGE_KEY = "<<";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final JsonParser parser;
    private final AnchorAwareYamlParser yaml;
    private final ReaderLimits limits;
    private final ExpansionBudget budget;
    private final Map<String, Anchored> anchors = new HashMap<>();
    private final Deque<Frame> stack = new ArrayDeque<>();
    private final List<DuplicateKey> duplicateKeys = new ArrayList<>();
    private final List<YamlReference> references = new ArrayList<>();
    private final List<Integer> elementLines = new ArrayList<>();
    private int line;
    private long nodesBuilt;

    /**
     * @param parser positioned on the first token of the document; YAML aliases and merge keys
     *     are honoured only when it is an {@link AnchorAwareYamlParser}
     * @param budget what alias expansion may still produce in this file
     */
    TreeBuilder(JsonParser parser, ReaderLimits limits, ExpansionBudget budget) {
        this.parser = parser;
        this.yaml = parser instanceof AnchorAwareYamlParser ? (AnchorAwareYamlParser) parser : null;
        this.limits = limits;
        this.budget = budget;
    }

    /** The duplicate keys seen so far, in document order. */
    List<DuplicateKey> duplicateKeys() {
        return duplicateKeys;
    }

    /** The anchors and aliases seen so far, in document order. */
    List<YamlReference> references() {
        return references;
    }

    /** The one-based line where the document's root value starts. */
    int line() {
        return line;
    }

    /** When the root is a sequence, the one-based line where each of its elements starts. */
    List<Integer> elementLines() {
        return elementLines;
    }

    /** Reads tokens from the current one up to the end of this document's root value. */
    JsonNode build() throws IOException, TreeBuildException {
        JsonToken token = parser.currentToken();
        line = parser.currentTokenLocation().getLineNr();
        while (true) {
            JsonNode completed = null;
            if (stack.size() == 1 && stack.peek().node instanceof ArrayNode && startsValue(token)) {
                elementLines.add(parser.currentTokenLocation().getLineNr());
            }
            if (token != JsonToken.END_OBJECT && token != JsonToken.END_ARRAY) {
                requireCoreSchemaTag(token);
            }
            switch (token) {
                case START_OBJECT:
                    push(NODES.objectNode());
                    break;
                case START_ARRAY:
                    push(NODES.arrayNode());
                    break;
                case FIELD_NAME:
                    key(stack.peek());
                    break;
                case END_OBJECT:
                case END_ARRAY:
                    completed = pop();
                    break;
                default:
                    completed = scalar(token);
                    break;
            }
            if (completed != null) {
                if (stack.isEmpty()) {
                    return completed;
                }
                attach(stack.peek(), completed);
            }
            token = parser.nextToken();
            if (token == null) {
                throw failure("the document ends in the middle of a value");
            }
        }
    }

    /** Refuses a tag outside the YAML core schema on the node that produced the current token. */
    private void requireCoreSchemaTag(JsonToken token) throws IOException, TreeBuildException {
        String tag = yaml == null ? null : yaml.explicitTag();
        boolean mergeKey = token == JsonToken.FIELD_NAME && MERGE_KEY.equals(parser.currentName());
        if (!CoreSchemaTags.allows(tag, mergeKey)) {
            throw failure("the YAML tag " + CoreSchemaTags.shorthand(tag) + " is not supported; only the core "
                    + "schema's tags (!!str, !!int, !!float, !!bool, !!null, !!map, !!seq) are");
        }
    }

    private static boolean startsValue(JsonToken token) {
        return token != JsonToken.FIELD_NAME && token != JsonToken.END_OBJECT && token != JsonToken.END_ARRAY;
    }

    private void key(Frame frame) throws IOException {
        JsonLocation at = parser.currentTokenLocation();
        frame.pendingKey = parser.currentName();
        frame.keyLine = at.getLineNr();
        frame.keyColumn = at.getColumnNr();
        // An anchored key (&k key: v) cannot be aliased here, but a strict reader must still see it.
        noteAnchor(yaml == null ? null : yaml.scalarAnchor());
    }

    private void push(ContainerNode<?> node) throws IOException, TreeBuildException {
        if (stack.size() >= limits.maxNestingDepth()) {
            throw failure("mappings and sequences nest deeper than " + limits.maxNestingDepth()
                    + " levels (the reader's limit)");
        }
        nodesBuilt++;
        String anchor = containerAnchor();
        noteAnchor(anchor);
        stack.push(new Frame(node, anchor, nodesBuilt - 1));
    }

    private JsonNode pop() throws TreeBuildException {
        Frame frame = stack.pop();
        JsonNode node = frame.mergeSources == null ? frame.node : merged(frame);
        if (frame.anchor != null) {
            anchors.put(frame.anchor, new Anchored(node, nodesBuilt - frame.nodesAtStart));
        }
        return node;
    }

    private void attach(Frame parent, JsonNode value) throws TreeBuildException {
        if (parent.node instanceof ArrayNode) {
            ((ArrayNode) parent.node).add(value);
            return;
        }
        ObjectNode object = (ObjectNode) parent.node;
        String key = parent.pendingKey;
        if (yaml != null && MERGE_KEY.equals(key)) {
            addMergeSources(parent, value);
            return;
        }
        if (object.has(key)) {
            duplicateKeys.add(new DuplicateKey(pathTo(key), key, parent.keyLine, parent.keyColumn));
        }
        object.set(key, value);
    }

    private void addMergeSources(Frame frame, JsonNode value) throws TreeBuildException {
        if (frame.mergeSources == null) {
            frame.mergeSources = new ArrayList<>();
        }
        if (value instanceof ObjectNode) {
            frame.mergeSources.add((ObjectNode) value);
            return;
        }
        if (value instanceof ArrayNode) {
            for (JsonNode element : value) {
                if (!(element instanceof ObjectNode)) {
                    throw failure("the merge key '<<' at " + pathTo(MERGE_KEY)
                            + " lists something that is not a mapping");
                }
                frame.mergeSources.add((ObjectNode) element);
            }
            return;
        }
        throw failure("the merge key '<<' at " + pathTo(MERGE_KEY)
                + " must be a mapping or a list of mappings");
    }

    /**
     * Keys written in the mapping win over merged ones; among merged mappings the first that has a
     * key wins (YAML merge-key semantics).
     */
    private static ObjectNode merged(Frame frame) {
        ObjectNode explicit = (ObjectNode) frame.node;
        ObjectNode result = NODES.objectNode();
        for (ObjectNode source : frame.mergeSources) {
            for (Map.Entry<String, JsonNode> field : source.properties()) {
                if (!explicit.has(field.getKey()) && !result.has(field.getKey())) {
                    result.set(field.getKey(), field.getValue());
                }
            }
        }
        result.setAll(explicit);
        return result;
    }

    private JsonNode scalar(JsonToken token) throws IOException, TreeBuildException {
        JsonNode node;
        switch (token) {
            case VALUE_STRING:
                if (yaml != null && yaml.isCurrentAlias()) {
                    references.add(reference(YamlReference.Kind.ALIAS, parser.getText()));
                    return expandAlias(parser.getText());
                }
                if (parser.getTextLength() > limits.maxStringLength()) {
                    throw failure("a string of " + parser.getTextLength() + " characters is longer than the limit of "
                            + limits.maxStringLength());
                }
                node = NODES.textNode(parser.getText());
                break;
            case VALUE_NUMBER_INT:
                node = integer();
                break;
            case VALUE_NUMBER_FLOAT:
                node = parser.getNumberType() == JsonParser.NumberType.BIG_DECIMAL
                        ? NODES.numberNode(parser.getDecimalValue())
                        : NODES.numberNode(parser.getDoubleValue());
                break;
            case VALUE_TRUE:
                node = NODES.booleanNode(true);
                break;
            case VALUE_FALSE:
                node = NODES.booleanNode(false);
                break;
            case VALUE_NULL:
                node = NODES.nullNode();
                break;
            case VALUE_EMBEDDED_OBJECT:
                Object embedded = parser.getEmbeddedObject();
                node = embedded instanceof byte[] ? NODES.binaryNode((byte[]) embedded) : NODES.textNode(parser.getText());
                break;
            default:
                throw failure("unexpected token " + token);
        }
        nodesBuilt++;
        String anchor = yaml == null ? null : yaml.scalarAnchor();
        noteAnchor(anchor);
        if (anchor != null) {
            anchors.put(anchor, new Anchored(node, 1));
        }
        return node;
    }

    private void noteAnchor(String anchor) {
        if (anchor != null) {
            references.add(reference(YamlReference.Kind.ANCHOR, anchor));
        }
    }

    private YamlReference reference(YamlReference.Kind kind, String name) {
        JsonLocation at = parser.currentTokenLocation();
        return new YamlReference(kind, name, at.getLineNr(), at.getColumnNr());
    }

    private JsonNode integer() throws IOException {
        switch (parser.getNumberType()) {
            case INT:
                return NODES.numberNode(parser.getIntValue());
            case LONG:
                return NODES.numberNode(parser.getLongValue());
            default:
                return NODES.numberNode(parser.getBigIntegerValue());
        }
    }

    private JsonNode expandAlias(String name) throws TreeBuildException {
        Anchored anchored = anchors.get(name);
        if (anchored == null) {
            throw failure("the alias *" + name + " refers to no anchor &" + name
                    + " defined earlier in this document");
        }
        if (!budget.trySpend(anchored.size)) {
            throw failure("YAML aliases expand to more than " + budget.limit()
                    + " nodes in this file (the reader's limit; an alias bomb?)");
        }
        nodesBuilt += anchored.size;
        return anchored.node.deepCopy();
    }

    /** The anchor ({@code &name}) of the mapping or sequence that starts at the current token. */
    private String containerAnchor() throws IOException {
        return yaml == null ? null : yaml.getObjectId();
    }

    /** The path of {@code key} in the mapping on top of the stack, for diagnostics. */
    private String pathTo(String key) {
        StringBuilder path = new StringBuilder();
        Iterator<Frame> outermostFirst = stack.descendingIterator();
        Frame frame = outermostFirst.next();
        while (outermostFirst.hasNext()) {
            appendPosition(path, frame);
            frame = outermostFirst.next();
        }
        FieldPath.appendKey(path, key);
        return path.toString();
    }

    private static void appendPosition(StringBuilder path, Frame frame) {
        if (frame.node instanceof ArrayNode) {
            path.append('[').append(frame.node.size()).append(']');
        } else {
            FieldPath.appendKey(path, frame.pendingKey);
        }
    }

    private TreeBuildException failure(String message) {
        JsonLocation at = parser.currentTokenLocation();
        return new TreeBuildException(message, at.getLineNr(), at.getColumnNr());
    }

    /** An open mapping or sequence. */
    private static final class Frame {
        final ContainerNode<?> node;
        final String anchor;
        final long nodesAtStart;
        String pendingKey;
        int keyLine;
        int keyColumn;
        List<ObjectNode> mergeSources;

        Frame(ContainerNode<?> node, String anchor, long nodesAtStart) {
            this.node = node;
            this.anchor = anchor;
            this.nodesAtStart = nodesAtStart;
        }
    }

    /** A completed anchored node and how many nodes a copy of it makes. */
    private record Anchored(JsonNode node, long size) {
    }
}
