// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/cloudinit/diagnostic.h"
#include "core/model/resources.h"
#include "core/models/session.h"
#include "gui/common/backgroundcheck.h"

#include <QJsonObject>
#include <QMap>
#include <QPointer>
#include <QWizard>

#include <memory>

namespace Ui {
class CreateInstanceWizard;
}

namespace sfdesk {

class CreatePartitionDialog;
class MessageBar;
class ViewContext;

// Creates one instance or several from a name pattern: pool, SKU (InfiniBand SKUs marked), image,
// names, cloud-init user data from a file or the Cloud-init editor, and on an InfiniBand SKU the partition
// step (pick one on the SKU's fabric, create one in place, or none, which means no InfiniBand). The last page
// shows progress and one result per instance.
// Its choices are the connection's lists (the session's models), watched while the wizard is open:
// what another view or a refresh reads shows here too, and a choice already made is kept.
class CreateInstanceWizard final : public QWizard
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CreateInstanceWizard)

public:
    enum PageId
    {
        MachinePage,
        NamesPage,
        PartitionPage,
        ResultPage,
    };
    enum class UserDataSource
    {
        None,
        File,
        Editor, // offered when the context has the Cloud-init editor
    };
    Q_ENUM(UserDataSource)

    explicit CreateInstanceWizard(ViewContext* context, QWidget* parent = nullptr);
    ~CreateInstanceWizard() override;

    int nextId() const override;
    bool validateCurrentPage() override;
    void initializePage(int id) override;

    QStringList instanceNames() const;
    // The sf CLI command that creates the same instances. It names only a file that exists and holds
    // the user data sent: empty while that text is only in the Cloud-init editor (save it first).
    QString sfCommand() const;
    // Writes the user data taken from the editor to path; the sf command then names that file.
    bool saveUserDataTo(const QString& path, QString* error = nullptr);
    UserDataSource userDataSource() const;
    void setUserDataSource(UserDataSource source);
    // Takes the editor's text again and validates it off the UI thread (done whenever the editor is
    // chosen); userDataChecked() follows. Next on the names page waits for the check and then goes on.
    void reloadEditorUserData();
    bool isCheckingUserData() const { return m_checking; }
    // The user data that would be sent, or nothing with the reason when it cannot be.
    std::optional<QByteArray> userData(QString* problem = nullptr) const;
    // Instances created, in the order of instanceNames().
    QList<Instance> created() const { return m_created; }
    // What may go wrong with the instances as chosen, shown above Create: an image that is not one
    // of the InfiniBand images while a partition is chosen, fewer free nodes of the SKU in the pool
    // than instances (the rest would wait for allocation).
    QStringList preflightWarnings() const;

Q_SIGNALS:
    // A list of the session the wizard shows (pools, SKUs, images, fabrics, partitions) was read or
    // failed, and the wizard shows the answer.
    void loaded();
    void creationFinished(int succeeded, int failed);
    // The editor's text was validated (the note shows the verdict).
    void userDataChecked();

private:
    void bindSession();
    void watchLists(bool watch);
    void listLoaded(Session::Resource resource);
    void fillPools();
    void fillSkus();
    void fillImages();
    void fillPartitions();
    void showLoadProblems();
    QList<InfinibandPartition> partitionsOnSkuFabric() const;
    void updateSkuNote();
    void updateNames();
    void updateCloudInitNote();
    void updateCloudInitSource();
    void updatePartitionNote();
    void startCreating();
    void updateCommand();
    void copyCommand();
    QString editorUserDataFile() const;
    std::optional<InstanceSku> currentSku() const;
    bool partitionStepApplies() const;
    QString chosenPartitionId() const;
    QString chosenPartitionName() const;
    void updatePreflight();

    std::unique_ptr<Ui::CreateInstanceWizard> m_ui;
    ViewContext* m_context;
    // The pre-flight warnings on the names page and on the partition page (whichever creates).
    MessageBar* m_namesPreflight;
    MessageBar* m_partitionPreflight;
    // The session whose lists fill the wizard, and the one it watches them on.
    QPointer<Session> m_session;
    QPointer<Session> m_watched;
    // Why a list could not be read, until it is.
    QMap<Session::Resource, QString> m_loadErrors;
    // Partitions created from the wizard, shown at once rather than after the next read of the list.
    QList<InfinibandPartition> m_createdPartitions;
    QPointer<CreatePartitionDialog> m_partitionDialog;
    // Next was refused for want of a pool, SKU or image.
    bool m_askedToChoose = false;
    QList<Instance> m_created;
    // The editor's text as taken when it was chosen, and what the validator said of it.
    QString m_editorTitle;
    QString m_editorFile;
    QByteArray m_editorData;
    QJsonObject m_editorInstanceData;
    CloudInit::ValidationResult m_editorCheck;
    bool m_editorChecked = false;
    bool m_checking = false;
    // Next was pressed while the check ran: go on once it says the text is valid.
    bool m_nextWhenChecked = false;
    std::unique_ptr<BackgroundCheck<CloudInit::ValidationResult>> m_userDataCheck;
    int m_pending = 0;
    int m_succeeded = 0;
    int m_failed = 0;
};

} // namespace sfdesk
