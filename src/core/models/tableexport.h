// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QList>

class QAbstractItemModel;

namespace sfdesk {

// A table as the user sees it, for a spreadsheet or a script: the rows in the order shown, the
// columns shown, each cell's display text under its header.
namespace TableExport {

// RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote or line break quoted, quotes
// doubled, a header line first. A text a spreadsheet would run as a formula (starting with =, +, -,
// @, a tab or a carriage return) is prefixed with an apostrophe: server text is data.
QByteArray toCsv(const QAbstractItemModel& model, const QList<int>& columns);
// An array of objects, one per row, keyed by the column headers; UTF-8, indented.
QByteArray toJson(const QAbstractItemModel& model, const QList<int>& columns);

} // namespace TableExport

} // namespace sfdesk
