/// Thrown by a container whose elements' issues were already recorded, so that the property is
/// left unwritten without recording a second issue.
struct IssuesAlreadyRecorded: Error {}
