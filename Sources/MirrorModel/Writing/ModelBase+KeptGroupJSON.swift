import Foundation

extension ModelBase {
  /// The kept members of one object of ``writeMembers(of:keeping:into:first:schema:context:)``'s
  /// walk, for a model keeping unknown values whose output keys are key paths: the object's
  /// kept values (`nil` where none merge), and those under keys no member of its group has,
  /// in the order they are written (with sorted keys, their keys' UTF-8 order; else their
  /// keys' order, after the group's members), with how many are written.
  struct KeptMembers {
    let kept: [String: Any]?
    private let others: [String]
    private var written = 0
    /// How deep the object's values are in the model's dictionary.
    let depth: Int

    /// The kept members `kept` of an object of `group`, whose values are `depth` levels deep.
    init(_ kept: [String: Any]?, of group: JSONOutputGroup?, sorted: Bool, depth: Int) {
      self.kept = kept
      self.depth = depth
      guard let kept, let group else {
        others = []
        return
      }
      let names = Set(group.members.map(\.name))
      var others = kept.keys.filter { !names.contains($0) }.sorted()
      if sorted { others.sort(by: utf8Precedes) }
      self.others = others
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

    /// With sorted keys, writes the kept members of the innermost object in `levels` whose
    /// keys precede the key of the step at `position` of `plan`.
    ///
    /// Returns where the output
    /// then ends, plus one (never 0), for ``writeInstead(_:of:_:since:_:_:)``.
    @inline(never)
    static func writeBefore(
      _ position: Int, of plan: JSONOutputGroup.Plan, _ levels: inout [KeptMembers],
      into writer: inout JSONWriter.Writer, _ first: inout Bool
    ) throws(JSONWriterError) -> Int {
      if writer.sortedKeys, var innermost = levels.popLast() {
        defer { levels.append(innermost) }
        try innermost.writeOthers(
          before: plan.steps[position].member.name, into: &writer, first: &first)
      }
      return writer.output.count + 1
    }

    /// Writes, in place of the member of the step at `position` of `plan`, the innermost
    /// object's kept value under its key, if any, where nothing of the model's own was
    /// written there: since `mark` (``writeBefore(_:of:_:into:_:)``'s), or in any case for
    /// `nil`.
    @inline(never)
    static func writeInstead(
      _ position: Int, of plan: JSONOutputGroup.Plan, _ levels: [KeptMembers], since mark: Int?,
      _ writer: inout JSONWriter.Writer, _ first: inout Bool
    ) throws(JSONWriterError) {
      guard let innermost = levels.last, mark.map({ $0 - 1 == writer.output.count }) ?? true
      else { return }
      let name = plan.steps[position].member.name
      try ModelBase.writeKept(
        innermost.kept?[name], key: name, depth: innermost.depth, into: &writer, first: &first)
    }

    /// Writes the rest of the innermost object's kept members (under keys none of its
    /// members has) and takes the object off `levels`.
    @inline(never)
    static func writeRest(
      _ levels: inout [KeptMembers], into writer: inout JSONWriter.Writer, _ first: inout Bool
    ) throws(JSONWriterError) {
      var innermost = levels.removeLast()
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
