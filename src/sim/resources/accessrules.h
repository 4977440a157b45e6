// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/resources/simroom.h"

namespace sfsim {

// The rules of access for the request's caller: grants per account and workspace, feature flags,
// workspace isolation in lists; workspace references and the account objects' JSON.
class AccessRules final : public SimRoom
{
public:
    explicit AccessRules(SimResources& resources);

    void requireFlag(const QString& flag);

    bool flagEnrolled(const QString& account, const QString& flag);

    void requireAccountWrite();

    QSqlRecord readableWorkspace(const QString& ref, const QString& field = {});

    void requireWrite(const QString& workspaceId);

    QString readableWorkspacesCondition(const QString& column, QVariantList& binds) const;
    // A list's `workspace` filter on `column`: that workspace (404 unless the caller may read it),
    // or without one every workspace the caller may read.
    QString workspaceFilter(const std::optional<QString>& workspace, const QString& column,
                            QVariantList& binds);

    // sfc:<type>:<account>:<workspace>:<name> or <account>/<workspace>/<name>.
    std::optional<std::tuple<QString, QString, QString>> splitPath(const QString& type, const QString& ref,
                                                                   bool allowSlash) const;

    QJsonObject workspaceJson(const QSqlRecord& r) const;

    QJsonObject userJson(const QSqlRecord& r) const;
};

} // namespace sfsim
