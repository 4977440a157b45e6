// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace sfdesk {

namespace CloudInit {

// The cloud-config JSON schema bundled from cloud-init, with every $ref inlined and compiled once.
// Answers the editor's questions (which keys fit here, what does this key mean).
class CloudConfigSchema final
{
public:
    struct Key
    {
        QString name;
        // cloud-init's reStructuredText-ish description (**bold**, ``literal``).
        QString description;
        QStringList types;
        QStringList enumValues;
        bool deprecated = false;
        // "Deprecated in version 18.3. Use **ssh_authorized_keys** instead."
        QString deprecation;
    };

    // The schema from the application's resources. Loaded on first use; thread-safe.
    static const CloudConfigSchema& bundled();
    // The bundled schema if its compile has finished, else null: for the UI thread, which must not
    // wait for the compile a worker runs as the editor opens.
    static const CloudConfigSchema* bundledIfReady();
    // The cloud-init release the bundled schema comes from.
    static QString bundledVersion();

    ~CloudConfigSchema();
    Q_DISABLE_COPY_MOVE(CloudConfigSchema)

    // Keys allowed in the mapping at path. A path is a list of mapping keys, with "[]" (or an index)
    // for a sequence item: {"users", "[]"} lists the keys of a user.
    QList<Key> keysAt(const QStringList& path) const;
    // The key at the end of path, when the schema knows it.
    std::optional<Key> keyAt(const QStringList& path) const;

    struct Private;
    const Private& d() const { return *m_d; }

private:
    CloudConfigSchema();
    std::unique_ptr<Private> m_d;
};

// Turns cloud-init's description markup into simple HTML for tooltips.
QString descriptionToHtml(const QString& description);
// Strips the markup for plain-text messages.
QString descriptionToPlainText(const QString& description);

} // namespace CloudInit

} // namespace sfdesk
