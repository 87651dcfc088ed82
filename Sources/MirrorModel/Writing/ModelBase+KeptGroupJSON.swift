import Foundation

extension ModelBase {
  /// Writes a model that keeps unknown values, of a class whose output keys are key paths
  /// (``ClassSchema/jsonOutputGroup``), as its dictionary merges them: its properties from
  /// their fields, each kept member at its place unless a property's value is written there,
  /// and inside each object of key paths the kept members of the object kept under its key;
  /// with sorted keys, the members of each object in their keys' UTF-8 order.
  ///
  /// Only where the group ``JSONOutputGroup/holdsKept(_:)`` the kept values.
  @inline(never)
  final func writeGroupedJSONKeepingUnknown(
    _ group: JSONOutputGroup, into writer: inout JSONWriter.Writer, schema: ClassSchema,
    context: MappingContext
  ) throws(JSONWriterError) {
    context.enterWritingModel(schema)
    defer { context.leaveWritingModel() }
    // Converted first, as the dictionary starts from them; one level deeper than the model.
    let kept = writtenUnknownMembersByKey(context: context) ?? [:]
    writer.openObject()
    var first = true
    try writeMembers(
      of: group, keeping: kept, depth: context.depth + 1, into: &writer, first: &first,
      schema: schema, context: context)
    writer.closeObject(empty: first)
  }

  /// Writes `group`'s members and the members of `kept` (converted values, `depth` levels
  /// deep in the model's dictionary) merged with them, after the members already written
  /// (`first` when none is).
  private final func writeMembers(
    of group: JSONOutputGroup, keeping kept: [String: Any], depth: Int,
    into writer: inout JSONWriter.Writer, first: inout Bool, schema: ClassSchema,
    context: MappingContext
  ) throws(JSONWriterError) {
    let members = group.members
    let names = Set(members.map(\.name))
    // Each slot a member's position, or -1 for a kept member under a key of no member.
    var slots = members.indices.map { (name: members[$0].name, member: $0) }
    slots += kept.keys.filter { !names.contains($0) }.sorted().map { ($0, -1) }
    if writer.sortedKeys { slots.sort { utf8Precedes($0.name, $1.name) } }
    for slot in slots {
      guard slot.member >= 0 else {
        try Self.writeKept(
          kept[slot.name], key: slot.name, depth: depth, into: &writer, first: &first)
        continue
      }
      let member = members[slot.member]
      let keptValue = kept[member.name]
      let start = writer.output.count
      if let inner = member.group {
        writer.beginMember(first: first)
        writer.writeKey(member.key)
        if try writeObject(
          inner, keeping: keptValue as? [String: Any], depth: depth + 1, into: &writer,
          schema: schema, context: context)
        {
          first = false
          continue
        }
        writer.output.removeSubrange(start...)
      } else if member.position == JSONOutputGroup.Member.discriminator {
        Self.writeDiscriminator(
          group.discriminatorValue ?? "", key: member.key, into: &writer, first: &first)
        continue
      } else {
        try writeMember(
          schema.steps[member.position], key: member.key, into: &writer, first: &first,
          context: context)
        if writer.output.count != start { continue }
      }
      // Nothing of the model's own written here: the kept value stays.
      try Self.writeKept(keptValue, key: member.name, depth: depth, into: &writer, first: &first)
    }
  }

  /// Writes the object of key paths `group` with the kept members of `kept` (an array has
  /// none: ``JSONOutputGroup/holdsKept(_:)``); `false`, with what it opened taken back, when
  /// it has nothing to write.
  private final func writeObject(
    _ group: JSONOutputGroup, keeping kept: [String: Any]?, depth: Int,
    into writer: inout JSONWriter.Writer, schema: ClassSchema, context: MappingContext
  ) throws(JSONWriterError) -> Bool {
    guard let kept, !group.isArray, writer.level + 2 < ModelBase.maximumJSONDepth else {
      return try writeContainer(group, into: &writer, schema: schema, context: context)
    }
    let start = writer.output.count
    writer.openObject()
    var first = true
    try writeMembers(
      of: group, keeping: kept, depth: depth, into: &writer, first: &first, schema: schema,
      context: context)
    if first {
      writer.dropContainer(from: start)
      return false
    }
    writer.closeObject(empty: false)
    return true
  }

  /// Writes the kept `value` under `key`, if there is one.
  private static func writeKept(
    _ value: Any?, key: String, depth: Int, into writer: inout JSONWriter.Writer,
    first: inout Bool
  ) throws(JSONWriterError) {
    guard let value else { return }
    writer.beginMember(first: first)
    first = false
    writer.writeKey(key)
    do throws(JSONWriterError) {
      try writer.write(value, depth: depth)
    } catch {
      throw error.inside(.key(key))
    }
  }
}
