import Foundation

extension ModelBase {
  /// The kept members of one object of ``writeMembers(of:keeping:into:first:schema:context:)``'s
  /// walk, for a model keeping unknown values whose output keys are key paths: the object's
  /// kept values (`nil` where none merge), and those under keys no member of its group has,
  /// in the order they are written (their keys' UTF-8 order: with sorted keys, each before the
  /// first member whose key follows its own; else after the group's members), with how many
  /// are written.
  struct KeptMembers {
    let kept: [String: Any]?
    private let others: [String]
    private var written = 0
    /// The key of the property last met in the object and where the output ended before its
    /// value: where it is still there, nothing of the model's own was written at its place.
    private var pending: (key: String, mark: Int)?
    /// How deep the object's values are in the model's dictionary.
    let depth: Int

    /// The kept members `kept` of an object of `group`, whose values are `depth` levels deep.
    init(_ kept: [String: Any]?, of group: JSONOutputGroup?, depth: Int) {
      self.kept = kept
      self.depth = depth
      guard let kept, let group else {
        others = []
        return
      }
      let names = Set(group.members.map(\.name))
      self.others = kept.keys.filter { !names.contains($0) }.sorted(by: utf8Precedes)
    }

    /// Writes the members not yet written whose keys precede `name` (all of them for `nil`).
    mutating func writeOthers(
      before name: String?, into writer: inout JSONWriter.Writer, first: inout Bool
    ) throws(JSONWriterError) {
      while written < others.count {
        let key = others[written]
        if let name, !utf8Precedes(key, name) { return }
        written += 1
        try ModelBase.writeKept(kept?[key], key: key, depth: depth, into: &writer, first: &first)
      }
    }

    /// Before the step at `position` of `plan` in the innermost object of `levels`: in place
    /// of the property met last, where nothing of the model's own was written, the kept value
    /// under its key; with sorted keys, the kept members whose keys precede the step's (not
    /// before the object's end); for a property's step (`isProperty`), its place noted.
    ///
    /// A property's kept value is so written when the walk goes on after it, not in the
    /// frame that writes the property (on the recursive path of models nested under key
    /// paths): nothing is written between the two.
    @inline(never)
    static func beforeStep(
      _ position: Int, of plan: JSONOutputGroup.Plan, isProperty: Bool,
      _ levels: inout [KeptMembers], _ writer: inout JSONWriter.Writer, _ first: inout Bool
    ) throws(JSONWriterError) {
      guard var innermost = levels.popLast() else { return }
      defer { levels.append(innermost) }
      try innermost.writeInsteadOfPending(into: &writer, first: &first)
      let step = plan.steps[position]
      if step.kind != .close, writer.sortedKeys {
        try innermost.writeOthers(before: step.member.name, into: &writer, first: &first)
      }
      if isProperty { innermost.pending = (step.member.name, writer.output.count) }
    }

    /// Writes the kept value under the key of the property met last, if nothing of the
    /// model's own was written at its place.
    private mutating func writeInsteadOfPending(
      into writer: inout JSONWriter.Writer, first: inout Bool
    ) throws(JSONWriterError) {
      guard let pending else { return }
      self.pending = nil
      guard pending.mark == writer.output.count else { return }
      try ModelBase.writeKept(
        kept?[pending.key], key: pending.key, depth: depth, into: &writer, first: &first)
    }

    /// Writes, in place of the container of the step at `position` of `plan` (left out), the
    /// innermost object's kept value under its key, if any.
    @inline(never)
    static func writeInstead(
      _ position: Int, of plan: JSONOutputGroup.Plan, _ levels: [KeptMembers],
      _ writer: inout JSONWriter.Writer, _ first: inout Bool
    ) throws(JSONWriterError) {
      guard let innermost = levels.last else { return }
      let name = plan.steps[position].member.name
      try ModelBase.writeKept(
        innermost.kept?[name], key: name, depth: innermost.depth, into: &writer, first: &first)
    }

    /// At the end of the innermost object: the kept value in place of its last property, if
    /// due, and the rest of its kept members (under keys none of its members has); the
    /// object taken off `levels`.
    @inline(never)
    static func writeRest(
      _ levels: inout [KeptMembers], into writer: inout JSONWriter.Writer, _ first: inout Bool
    ) throws(JSONWriterError) {
      var innermost = levels.removeLast()
      try innermost.writeInsteadOfPending(into: &writer, first: &first)
      try innermost.writeOthers(before: nil, into: &writer, first: &first)
    }
  }

  /// Writes the kept `value` under `key`, if there is one.
  fileprivate static func writeKept(
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
