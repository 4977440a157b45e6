// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"
#include "core/model/resources.h"
#include "core/models/session.h"

#include <QDateTime>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

namespace sfdesk {

class ApiClient;
class Settings;

// What every resource view shares: the connection's live data (its Session: the models every view
// shows and the actions that change the server), the workspace the user works in (or "all
// workspaces"), the account's workspaces and preview enrolment, and one place to report errors and
// what happened. Views hold a pointer; the Application binds it to the connection. There is always
// a session: without a connection it is an empty one that never polls.
class ViewContext final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ViewContext)

public:
    // The text in the Cloud-init editor, for the instance wizard's user data.
    struct CloudInitDraft
    {
        // What the user calls it: the file's name, or "Untitled".
        QString title;
        // The saved file the text matches, empty while it has unsaved changes (for the sf command).
        QString savedFile;
        QByteArray userData;
        // What the editor renders Jinja templates with; empty: sample instance data.
        QJsonObject instanceData = {};
    };
    using CloudInitSource = std::function<CloudInitDraft()>;

    enum class Enrolment
    {
        Unknown,           // not asked yet, or the question failed
        Enrolled,          // infiniband-preview is on
        NotEnrolled,       // off, and the account can turn it on
        NotSelfEnrollable, // off, and only SF Compute can turn it on
    };
    Q_ENUM(Enrolment)

    explicit ViewContext(Settings* settings, QObject* parent = nullptr);
    ~ViewContext() override;

    Settings* settings() const { return m_settings; }
    // For the application that binds connections (views ask the session's actions instead).
    // Never null: the empty session of no connection stands in while there is none.
    Session* session() const { return m_session ? m_session.data() : m_offline.get(); }
    // The connection's session (no ownership); null means not connected.
    void setSession(Session* session);
    // For a client without a connection (tests, tools): a session of its own, started here.
    void setClient(ApiClient* client);

    QList<Workspace> workspaces() const { return m_workspaces; }
    QString workspace() const { return m_workspace; }
    void setWorkspace(const QString& name);
    bool allWorkspaces() const { return m_allWorkspaces; }
    void setAllWorkspaces(bool all);
    // Whether the user has chosen a scope before (it is remembered in the settings).
    bool hasRememberedScope() const;
    // How the API names the chosen workspace: its ID (the document accepts an ID or a resource
    // path, never a bare name); empty while the account's workspaces are not known.
    QString workspaceReference() const;
    // The workspace filter of a list call: empty when listing every readable workspace.
    QString listWorkspace() const { return m_allWorkspaces ? QString() : workspaceReference(); }
    // Whether a list call can be scoped yet: all workspaces, or the chosen one's ID is known.
    bool scopeKnown() const { return m_allWorkspaces || !workspaceReference().isEmpty(); }
    // Whether an object of a workspace list belongs to the chosen workspace: by the workspace ID
    // when the object has one, else by the workspace's name.
    bool inChosenWorkspace(const QString& workspaceId, const QString& workspaceName) const;

    Enrolment infinibandEnrolment() const { return m_enrolment; }
    bool infinibandEnabled() const { return m_enrolment == Enrolment::Enrolled; }
    // Asks the server to enrol the account in infiniband-preview; reports through enrolmentChanged
    // or enrolmentFailed.
    void enrolInfiniband();

    // Reads workspaces and feature flags again.
    void refreshAccount();

    // Where the Cloud-init editor's text comes from; without one the wizard offers files only.
    void setCloudInitSource(CloudInitSource source);
    bool hasCloudInitSource() const { return bool(m_cloudInitSource); }
    std::optional<CloudInitDraft> cloudInitDraft() const;

    // How often the session's watched lists are read (applies to later sessions too).
    void setPollInterval(int milliseconds);
    int pollInterval() const { return m_pollInterval; }

    // A failed call: shown in the status bar with what the user was doing.
    void reportError(const QString& action, const ApiError& error);
    void reportMessage(const QString& message);

    // A view that reacts to the server telling it the preview is off.
    void noteFeatureNotEnabled();

Q_SIGNALS:
    // The session (and with it the client and every model) is another one.
    void clientChanged();
    void workspacesChanged();
    // The workspace or the "all workspaces" toggle changed.
    void scopeChanged();
    void enrolmentChanged();
    void enrolmentFailed(const QString& reason);
    // The app changed something on the server (created, renamed, deleted, terminated, placed,
    // cancelled, enrolled). The session reads its lists again by itself; this is for what a view
    // asks for besides them (a partition's attached instances).
    void dataWritten();
    void statusMessage(const QString& message);

private:
    void setEnrolment(Enrolment enrolment);
    void bindSession(Session* session);
    void readWorkspaces();
    void readFeatureFlags();
    void updateScope();

    Settings* m_settings;
    // The empty session shown while not connected.
    std::unique_ptr<Session> m_offline;
    // The session of setClient().
    std::unique_ptr<Session> m_own;
    QPointer<Session> m_session;
    QList<Workspace> m_workspaces;
    QString m_workspace = QStringLiteral("default");
    bool m_allWorkspaces = false;
    Enrolment m_enrolment = Enrolment::Unknown;
    int m_pollInterval = 5000;
    CloudInitSource m_cloudInitSource;
};

} // namespace sfdesk
