<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About sfdesk</source>
        <translation>Über sfdesk</translation>
    </message>
    <message>
        <source>A desktop client for SF Compute: InfiniBand partitions, reservation planning and cloud-init.</source>
        <translation>Ein Desktop-Client für SF Compute: InfiniBand-Partitionen, Reservierungsplanung und cloud-init.</translation>
    </message>
    <message>
        <source>Libraries in use</source>
        <translation>Verwendete Bibliotheken</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Bibliothek</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>&amp;Copy versions</source>
        <translation>Versionen &amp;kopieren</translation>
    </message>
    <message>
        <source>Library versions</source>
        <translation>Bibliotheksversionen</translation>
    </message>
</context>
<context>
    <name>ApiError</name>
    <message>
        <source>The request was cancelled.</source>
        <translation>Die Anfrage wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The server did not answer in time. Check the connection and try again.</source>
        <translation>Der Server hat nicht rechtzeitig geantwortet. Prüfen Sie die Verbindung und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The secure connection to the server could not be verified: %1</source>
        <translation>Die sichere Verbindung zum Server konnte nicht überprüft werden: %1</translation>
    </message>
    <message>
        <source>The server refused the connection. Is it running?</source>
        <translation>Der Server hat die Verbindung abgelehnt. Läuft er?</translation>
    </message>
    <message>
        <source>The server&apos;s address could not be found. Check the connection&apos;s URL.</source>
        <translation>Die Adresse des Servers wurde nicht gefunden. Prüfen Sie die URL der Verbindung.</translation>
    </message>
    <message>
        <source>The server closed the connection before answering.</source>
        <translation>Der Server hat die Verbindung vor der Antwort geschlossen.</translation>
    </message>
    <message>
        <source>The server redirected the request somewhere the app will not follow.</source>
        <translation>Der Server hat die Anfrage an ein Ziel umgeleitet, dem die App nicht folgt.</translation>
    </message>
    <message>
        <source>The request could not be sent: %1</source>
        <translation>Die Anfrage konnte nicht gesendet werden: %1</translation>
    </message>
    <message>
        <source>The server sent a response the app cannot read: %1</source>
        <translation>Der Server hat eine Antwort gesendet, die die App nicht lesen kann: %1</translation>
    </message>
    <message>
        <source>The app refuses plain http to %1; use https (plain http is allowed only to this computer).</source>
        <translation>Die App verweigert unverschlüsseltes http zu %1; verwenden Sie https (unverschlüsseltes http ist nur zu diesem Computer erlaubt).</translation>
    </message>
    <message>
        <source>The connection is not set up: %1</source>
        <translation>Die Verbindung ist nicht eingerichtet: %1</translation>
    </message>
    <message>
        <source>The server rejected the request as malformed.</source>
        <translation>Der Server hat die Anfrage als fehlerhaft abgelehnt.</translation>
    </message>
    <message>
        <source>The server rejected the request as malformed: %1</source>
        <translation>Der Server hat die Anfrage als fehlerhaft abgelehnt: %1</translation>
    </message>
    <message>
        <source>The server did not accept the token. Check the token of this connection.</source>
        <translation>Der Server hat das Token nicht akzeptiert. Prüfen Sie das Token dieser Verbindung.</translation>
    </message>
    <message>
        <source>The balance is too low for this order.</source>
        <translation>Das Guthaben reicht für diese Order nicht aus.</translation>
    </message>
    <message>
        <source>The balance is too low for this order: %1</source>
        <translation>Das Guthaben reicht für diese Order nicht aus: %1</translation>
    </message>
    <message>
        <source>This is a preview feature the account is not enrolled in.</source>
        <translation>Dies ist eine Vorschaufunktion, für die das Konto nicht angemeldet ist.</translation>
    </message>
    <message>
        <source>The token is not allowed to do this.</source>
        <translation>Das Token hat dafür keine Berechtigung.</translation>
    </message>
    <message>
        <source>The token is not allowed to do this: %1</source>
        <translation>Das Token hat dafür keine Berechtigung: %1</translation>
    </message>
    <message>
        <source>Not found.</source>
        <translation>Nicht gefunden.</translation>
    </message>
    <message>
        <source>Not found: %1</source>
        <translation>Nicht gefunden: %1</translation>
    </message>
    <message>
        <source>The request conflicts with the current state.</source>
        <translation>Die Anfrage steht im Widerspruch zum aktuellen Zustand.</translation>
    </message>
    <message>
        <source>The request conflicts with the current state: %1</source>
        <translation>Die Anfrage steht im Widerspruch zum aktuellen Zustand: %1</translation>
    </message>
    <message>
        <source>The server could not process the request.</source>
        <translation>Der Server konnte die Anfrage nicht verarbeiten.</translation>
    </message>
    <message>
        <source>The server could not process the request: %1</source>
        <translation>Der Server konnte die Anfrage nicht verarbeiten: %1</translation>
    </message>
    <message>
        <source>Too many requests; the app will try again shortly.</source>
        <translation>Zu viele Anfragen; die App versucht es gleich noch einmal.</translation>
    </message>
    <message>
        <source>The service is unavailable. Try again later.</source>
        <translation>Der Dienst ist nicht verfügbar. Versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>The service is unavailable: %1</source>
        <translation>Der Dienst ist nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>The server failed (HTTP %1).</source>
        <translation>Fehler auf dem Server (HTTP %1).</translation>
    </message>
    <message>
        <source>The server failed (HTTP %1): %2</source>
        <translation>Fehler auf dem Server (HTTP %1): %2</translation>
    </message>
    <message>
        <source>The request failed (HTTP %1).</source>
        <translation>Die Anfrage ist fehlgeschlagen (HTTP %1).</translation>
    </message>
    <message>
        <source>The request failed (HTTP %1): %2</source>
        <translation>Die Anfrage ist fehlgeschlagen (HTTP %1): %2</translation>
    </message>
    <message>
        <source>Not signed in: sign in to this connection under File &gt; Connections.</source>
        <translation>Nicht angemeldet: Melden Sie sich unter Datei &gt; Verbindungen bei dieser Verbindung an.</translation>
    </message>
    <message>
        <source>The server redirected the request to another server; the app follows redirects only within the same server, so that the token goes nowhere else.</source>
        <translation>Der Server hat die Anfrage an einen anderen Server umgeleitet; die App folgt Umleitungen nur innerhalb desselben Servers, damit das Token nirgendwo anders hingelangt.</translation>
    </message>
</context>
<context>
    <name>CloudInit</name>
    <message>
        <source>SSH bootstrap</source>
        <translation>SSH-Bootstrap</translation>
    </message>
    <message>
        <source>A user with your SSH key; no password or root login.</source>
        <translation>Ein Benutzer mit Ihrem SSH-Schlüssel; keine Anmeldung per Passwort oder als root.</translation>
    </message>
    <message>
        <source>InfiniBand check</source>
        <translation>InfiniBand-Prüfung</translation>
    </message>
    <message>
        <source>Prints GPUs and ibv_devinfo to the console at first boot.</source>
        <translation>Gibt beim ersten Start die GPUs und ibv_devinfo auf der Konsole aus.</translation>
    </message>
    <message>
        <source>Multi-node PyTorch</source>
        <translation>PyTorch auf mehreren Knoten</translation>
    </message>
    <message>
        <source>torchrun and NCCL environment for a training job.</source>
        <translation>torchrun und NCCL-Umgebung für einen Trainingsjob.</translation>
    </message>
</context>
<context>
    <name>ConfirmDialog</name>
    <message>
        <source>Unsaved Changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
</context>
<context>
    <name>ConnectionProfile</name>
    <message>
        <source>Local simulator</source>
        <translation>Lokaler Simulator</translation>
    </message>
    <message>
        <source>SF Compute</source>
        <translation>SF Compute</translation>
    </message>
</context>
<context>
    <name>ConnectionsDialog</name>
    <message>
        <source>Connections</source>
        <translation>Verbindungen</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>Sign &amp;In…</source>
        <translation>&amp;Anmelden…</translation>
    </message>
    <message>
        <source>Sign &amp;Out</source>
        <translation>Ab&amp;melden</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>&amp;Entfernen…</translation>
    </message>
    <message>
        <source>Start the local simulator again with the demo world or an empty account</source>
        <translation>Den lokalen Simulator mit der Demo-Welt oder einem leeren Konto neu beginnen</translation>
    </message>
    <message>
        <source>Reset Si&amp;mulator…</source>
        <translation>Si&amp;mulator zurücksetzen…</translation>
    </message>
    <message>
        <source>Extra &amp;CA certificates:</source>
        <translation>Zusätzliche &amp;CA-Zertifikate:</translation>
    </message>
    <message>
        <source>A PEM file of CA certificates trusted for this server besides the system&apos;s, such as a company&apos;s own CA</source>
        <translation>Eine PEM-Datei mit CA-Zertifikaten, denen für diesen Server neben denen des Systems vertraut wird, etwa der eigenen CA einer Firma</translation>
    </message>
    <message>
        <source>Extra CA certificates file</source>
        <translation>Datei mit zusätzlichen CA-Zertifikaten</translation>
    </message>
    <message>
        <source>None: the system&apos;s CA certificates only</source>
        <translation>Keine: nur die CA-Zertifikate des Systems</translation>
    </message>
    <message>
        <source>Choose a CA certificates file</source>
        <translation>Eine CA-Zertifikatsdatei auswählen</translation>
    </message>
    <message>
        <source>C&amp;hoose…</source>
        <translation>A&amp;uswählen…</translation>
    </message>
    <message>
        <source>&amp;Proxy:</source>
        <translation>&amp;Proxy:</translation>
    </message>
    <message>
        <source>http://host:port or socks5://host:port, for this server only. Proxies that ask for a user name and password are not supported.</source>
        <translation>http://host:port oder socks5://host:port, nur für diesen Server. Proxys, die nach Benutzername und Passwort fragen, werden nicht unterstützt.</translation>
    </message>
    <message>
        <source>Proxy</source>
        <translation>Proxy</translation>
    </message>
    <message>
        <source>None: the system&apos;s proxy settings</source>
        <translation>Keiner: die Proxy-Einstellungen des Systems</translation>
    </message>
    <message>
        <source>Sa&amp;ve</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Add a custom server</source>
        <translation>Eigenen Server hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Staging</source>
        <translation>Staging</translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation>&amp;Adresse:</translation>
    </message>
    <message>
        <source>https://api.example.com</source>
        <translation>https://api.example.com</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
</context>
<context>
    <name>ConsoleLogDialog</name>
    <message>
        <source>Console Log</source>
        <translation>Konsolenprotokoll</translation>
    </message>
    <message>
        <source>Search the log</source>
        <translation>Protokoll durchsuchen</translation>
    </message>
    <message>
        <source>&amp;Previous</source>
        <translation>&amp;Vorheriger</translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation>&amp;Nächster</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>Neu &amp;laden</translation>
    </message>
</context>
<context>
    <name>CreateDeploymentDialog</name>
    <message>
        <source>New Deployment</source>
        <translation>Neues Deployment</translation>
    </message>
    <message>
        <source>Keeps the number of instances of a template running in a pool: it starts them, replaces the ones that end, and stops the surplus when you scale down (lowest priority first).</source>
        <translation>Hält die Zahl der Instanzen einer Vorlage in einem Pool am Laufen: startet sie, ersetzt die, die enden, und beendet den Überschuss, wenn Sie herunterskalieren (niedrigste Priorität zuerst).</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Art:</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>&amp;Template:</source>
        <translation>&amp;Vorlage:</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>P&amp;ool:</source>
        <translation>P&amp;ool:</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>&amp;SKU:</source>
        <translation>&amp;SKU:</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>InfiniBand &amp;partition:</source>
        <translation>InfiniBand-&amp;Partition:</translation>
    </message>
    <message>
        <source>InfiniBand partition</source>
        <translation>InfiniBand-Partition</translation>
    </message>
    <message>
        <source>&amp;Instances:</source>
        <translation>&amp;Instanzen:</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>Instanzen</translation>
    </message>
    <message>
        <source>Instance na&amp;mes:</source>
        <translation>Instanz&amp;namen:</translation>
    </message>
    <message>
        <source>Instance names</source>
        <translation>Instanznamen</translation>
    </message>
    <message>
        <source>{{adjective}}, {{noun}} and {{nanoid(N)}} are replaced for each instance</source>
        <translation>{{adjective}}, {{noun}} und {{nanoid(N)}} werden für jede Instanz ersetzt</translation>
    </message>
    <message>
        <source>Ma&amp;x price ($/node-hour):</source>
        <translation>&amp;Höchstpreis ($/Knotenstunde):</translation>
    </message>
    <message>
        <source>Max price in dollars per node-hour</source>
        <translation>Höchstpreis in Dollar pro Knotenstunde</translation>
    </message>
</context>
<context>
    <name>CreateInstanceWizard</name>
    <message>
        <source>Create Instances</source>
        <translation>Instanzen erstellen</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>Maschine</translation>
    </message>
    <message>
        <source>Where the instances run, on what hardware, and from which image.</source>
        <translation>Wo die Instanzen laufen, auf welcher Hardware und mit welchem Image.</translation>
    </message>
    <message>
        <source>&amp;Pool:</source>
        <translation>&amp;Pool:</translation>
    </message>
    <message>
        <source>&amp;SKU:</source>
        <translation>&amp;SKU:</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>&amp;Image:</translation>
    </message>
    <message>
        <source>Names and Startup</source>
        <translation>Namen und Start</translation>
    </message>
    <message>
        <source>One named instance, or several from a name pattern; and the cloud-init user data that lets you in (public images ship without a password or SSH key).</source>
        <translation>Eine Instanz mit Namen oder mehrere nach einem Namensmuster; dazu die cloud-init-Benutzerdaten, mit denen Sie sich anmelden können (öffentliche Images haben weder Passwort noch SSH-Schlüssel).</translation>
    </message>
    <message>
        <source>worker-1</source>
        <translation>worker-1</translation>
    </message>
    <message>
        <source>&amp;Several instances:</source>
        <translation>&amp;Mehrere Instanzen:</translation>
    </message>
    <message>
        <source>worker-{n}</source>
        <translation>worker-{n}</translation>
    </message>
    <message>
        <source>{n} becomes 1, 2, 3, …</source>
        <translation>{n} wird zu 1, 2, 3, …</translation>
    </message>
    <message>
        <source>init.yaml</source>
        <translation>init.yaml</translation>
    </message>
    <message>
        <source>InfiniBand Partition</source>
        <translation>InfiniBand-Partition</translation>
    </message>
    <message>
        <source>This SKU supports InfiniBand. Instances in the same partition reach each other over InfiniBand; an instance stays in its partition for its whole life.</source>
        <translation>Diese SKU unterstützt InfiniBand. Instanzen in derselben Partition erreichen einander über InfiniBand; eine Instanz bleibt ihr ganzes Leben lang in ihrer Partition.</translation>
    </message>
    <message>
        <source>&amp;Attach to</source>
        <translation>&amp;Verbinden mit</translation>
    </message>
    <message>
        <source>Create a &amp;new partition</source>
        <translation>&amp;Neue Partition erstellen</translation>
    </message>
    <message>
        <source>New Partition on This Fabric…</source>
        <translation>Neue Partition auf dieser Fabric…</translation>
    </message>
    <message>
        <source>N&amp;one: no InfiniBand for these instances, even though the SKU supports it</source>
        <translation>&amp;Keine: kein InfiniBand für diese Instanzen, obwohl die SKU es unterstützt</translation>
    </message>
    <message>
        <source>Creating</source>
        <translation>Erstellen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Copy as sf &amp;command</source>
        <translation>Als sf-&amp;Befehl kopieren</translation>
    </message>
    <message>
        <source>&amp;User data:</source>
        <translation>&amp;Benutzerdaten:</translation>
    </message>
    <message>
        <source>Instance name</source>
        <translation>Name der Instanz</translation>
    </message>
    <message>
        <source>Number of instances</source>
        <translation>Anzahl der Instanzen</translation>
    </message>
    <message>
        <source>Name pattern</source>
        <translation>Namensmuster</translation>
    </message>
    <message>
        <source>User data file</source>
        <translation>Datei mit Benutzerdaten</translation>
    </message>
    <message>
        <source>Partition to attach to</source>
        <translation>Partition, der die Instanzen beitreten</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>sf command</source>
        <translation>sf-Befehl</translation>
    </message>
    <message>
        <source>One instance na&amp;med</source>
        <translation>Eine Instanz mit &amp;Namen</translation>
    </message>
    <message>
        <source>B&amp;rowse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
</context>
<context>
    <name>CreatePartitionDialog</name>
    <message>
        <source>New InfiniBand Partition</source>
        <translation>Neue InfiniBand-Partition</translation>
    </message>
    <message>
        <source>A partition is an isolated InfiniBand network on one fabric. Creating one buys no compute and starts no instance: it only sets up the network. Pick the fabric of the SKU you plan to create instances on.</source>
        <translation>Eine Partition ist ein isoliertes InfiniBand-Netz auf einer Fabric. Das Erstellen kauft keine Rechenleistung und startet keine Instanz: Es richtet nur das Netz ein. Wählen Sie die Fabric der SKU, auf der Sie Instanzen erstellen wollen.</translation>
    </message>
    <message>
        <source>Workspace:</source>
        <translation>Arbeitsbereich:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>training</source>
        <translation>training</translation>
    </message>
    <message>
        <source>On a &amp;fabric (each fabric with the SKUs on it)</source>
        <translation>Auf einer &amp;Fabric (jede Fabric mit ihren SKUs)</translation>
    </message>
    <message>
        <source>Fabric / SKU</source>
        <translation>Fabric / SKU</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <source>In a &amp;region and zone (only where the zone has one fabric)</source>
        <translation>In einer &amp;Region und Zone (nur wenn die Zone genau eine Fabric hat)</translation>
    </message>
    <message>
        <source>The sf command that does the same</source>
        <translation>Der sf-Befehl, der dasselbe tut</translation>
    </message>
    <message>
        <source>Copy as sf &amp;command</source>
        <translation>Als sf-&amp;Befehl kopieren</translation>
    </message>
    <message>
        <source>Fabrics and SKUs</source>
        <translation>Fabrics und SKUs</translation>
    </message>
    <message>
        <source>R&amp;egion:</source>
        <translation>R&amp;egion:</translation>
    </message>
    <message>
        <source>&amp;Zone:</source>
        <translation>&amp;Zone:</translation>
    </message>
    <message>
        <source>sf command</source>
        <translation>sf-Befehl</translation>
    </message>
</context>
<context>
    <name>DeleteBlockersDialog</name>
    <message>
        <source>Partition Still in Use</source>
        <translation>Partition noch in Gebrauch</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>Was zu tun ist</translation>
    </message>
    <message>
        <source>&amp;Terminate Checked Instances</source>
        <translation>Markierte Instanzen &amp;beenden</translation>
    </message>
    <message>
        <source>&amp;Delete Again</source>
        <translation>Erneut &amp;löschen</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instanz</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>Awaiting allocation</source>
        <translation>Wartet auf Zuteilung</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Terminated</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <source>Standing</source>
        <translation>Im Orderbuch</translation>
    </message>
    <message>
        <source>Partially filled</source>
        <translation>Teilweise ausgeführt</translation>
    </message>
    <message>
        <source>Filled</source>
        <translation>Ausgeführt</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Storniert</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Uploading</source>
        <translation>Wird hochgeladen</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Revoked</source>
        <translation>Widerrufen</translation>
    </message>
    <message>
        <source>Buy</source>
        <translation>Kaufen</translation>
    </message>
    <message>
        <source>Sell</source>
        <translation>Verkaufen</translation>
    </message>
    <message>
        <source>Releasing for %1</source>
        <translation>Wird seit %1 freigegeben</translation>
    </message>
    <message>
        <source>Releasing: about %1 left</source>
        <translation>Wird freigegeben: noch etwa %1</translation>
    </message>
    <message>
        <source>Releasing any moment now</source>
        <translation>Wird jeden Moment freigegeben</translation>
    </message>
    <message>
        <source>$%1</source>
        <comment>an amount of US dollars</comment>
        <translation>%1 $</translation>
    </message>
    <message>
        <source>%1/node-hour</source>
        <translation>%1/Knotenstunde</translation>
    </message>
</context>
<context>
    <name>InfinibandCheckDialog</name>
    <message>
        <source>InfiniBand port state per worker</source>
        <translation>InfiniBand-Portstatus pro Worker</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Reported</source>
        <translation>Gemeldet</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>To check by hand, log in to a worker and run:</source>
        <translation>Zum Prüfen von Hand melden Sie sich an einem Worker an und führen Sie aus:</translation>
    </message>
    <message>
        <source>Command to run on a worker</source>
        <translation>Befehl zum Ausführen auf einem Worker</translation>
    </message>
    <message>
        <source>Copy the command</source>
        <translation>Den Befehl kopieren</translation>
    </message>
    <message>
        <source>&amp;Copy Command</source>
        <translation>Befehl &amp;kopieren</translation>
    </message>
</context>
<context>
    <name>InstanceDataDialog</name>
    <message>
        <source>Jinja Instance Data</source>
        <translation>Jinja-Instanzdaten</translation>
    </message>
    <message>
        <source>Instance data for Jinja templates</source>
        <translation>Instanzdaten für Jinja-Vorlagen</translation>
    </message>
    <message>
        <source>Templates (&quot;## template: jinja&quot;) are rendered with this instance data before they are checked, as cloud-init renders them with the instance&apos;s instance-data.json. Edit the values to try other instances.</source>
        <translation>Vorlagen („## template: jinja“) werden vor der Prüfung mit diesen Instanzdaten gerendert, so wie cloud-init sie mit der instance-data.json der Instanz rendert. Ändern Sie die Werte, um andere Instanzen auszuprobieren.</translation>
    </message>
    <message>
        <source>Instance data as JSON</source>
        <translation>Instanzdaten als JSON</translation>
    </message>
    <message>
        <source>Instance data check</source>
        <translation>Prüfung der Instanzdaten</translation>
    </message>
</context>
<context>
    <name>LaunchCommandDialog</name>
    <message>
        <source>SSH &amp;user:</source>
        <translation>SSH-&amp;Benutzer:</translation>
    </message>
    <message>
        <source>SSH user</source>
        <translation>SSH-Benutzer</translation>
    </message>
    <message>
        <source>The login the SSH bootstrap created on the workers (root login is disabled)</source>
        <translation>Der Benutzer, den das SSH-Bootstrap auf den Workern angelegt hat (die Anmeldung als root ist gesperrt)</translation>
    </message>
    <message>
        <source>Master &amp;port:</source>
        <translation>Master-&amp;Port:</translation>
    </message>
    <message>
        <source>Master port</source>
        <translation>Master-Port</translation>
    </message>
    <message>
        <source>The TCP port rank 0 listens on for the rendezvous</source>
        <translation>Der TCP-Port, auf dem Rang 0 für das Rendezvous lauscht</translation>
    </message>
    <message>
        <source>&amp;Training script:</source>
        <translation>&amp;Trainingsskript:</translation>
    </message>
    <message>
        <source>Training script</source>
        <translation>Trainingsskript</translation>
    </message>
    <message>
        <source>The script each node&apos;s torchrun runs, with its path on the workers</source>
        <translation>Das Skript, das torchrun auf jedem Knoten ausführt, mit seinem Pfad auf den Workern</translation>
    </message>
    <message>
        <source>Launch commands</source>
        <translation>Startbefehle</translation>
    </message>
</context>
<context>
    <name>MoveNodesDialog</name>
    <message>
        <source>From:</source>
        <translation>Von:</translation>
    </message>
    <message>
        <source>SK&amp;U:</source>
        <translation>SK&amp;U:</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>&amp;Nodes:</source>
        <translation>&amp;Knoten:</translation>
    </message>
    <message>
        <source>Nodes to move</source>
        <translation>Zu verschiebende Knoten</translation>
    </message>
    <message>
        <source>&amp;Start:</source>
        <translation>Be&amp;ginn:</translation>
    </message>
    <message>
        <source>A time as the sf CLI takes it: now, in 3d, oct 12 14:00, 2026-10-12 14:00</source>
        <translation>Eine Zeit, wie die sf-CLI sie annimmt: now, in 3d, oct 12 14:00, 2026-10-12 14:00</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>&amp;End:</source>
        <translation>&amp;Ende:</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>&amp;To pool:</source>
        <translation>&amp;Zielpool:</translation>
    </message>
    <message>
        <source>Destination pool</source>
        <translation>Zielpool</translation>
    </message>
    <message>
        <source>&amp;Both pools after the move:</source>
        <translation>Beide Pools &amp;nach dem Verschieben:</translation>
    </message>
    <message>
        <source>Both pools&apos; schedules after the move</source>
        <translation>Zeitpläne beider Pools nach dem Verschieben</translation>
    </message>
</context>
<context>
    <name>MultipartDialog</name>
    <message>
        <source>Multipart User Data</source>
        <translation>Mehrteilige Benutzerdaten</translation>
    </message>
    <message>
        <source>Multipart user data builder</source>
        <translation>Baukasten für mehrteilige Benutzerdaten</translation>
    </message>
    <message>
        <source>&amp;Parts</source>
        <translation>&amp;Teile</translation>
    </message>
    <message>
        <source>Parts</source>
        <translation>Teile</translation>
    </message>
    <message>
        <source>Add a part</source>
        <translation>Einen Teil hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Add Part</source>
        <translation>Teil &amp;hinzufügen</translation>
    </message>
    <message>
        <source>Remove the part</source>
        <translation>Den Teil entfernen</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Move the part up</source>
        <translation>Den Teil nach oben verschieben</translation>
    </message>
    <message>
        <source>&amp;Up</source>
        <translation>Nach &amp;oben</translation>
    </message>
    <message>
        <source>Move the part down</source>
        <translation>Den Teil nach unten verschieben</translation>
    </message>
    <message>
        <source>Do&amp;wn</source>
        <translation>Nach &amp;unten</translation>
    </message>
    <message>
        <source>Part and previews</source>
        <translation>Teil und Vorschauen</translation>
    </message>
    <message>
        <source>Pa&amp;rt</source>
        <translation>Te&amp;il</translation>
    </message>
    <message>
        <source>&amp;Type:</source>
        <translation>T&amp;yp:</translation>
    </message>
    <message>
        <source>Part type</source>
        <translation>Typ des Teils</translation>
    </message>
    <message>
        <source>&amp;File name:</source>
        <translation>&amp;Dateiname:</translation>
    </message>
    <message>
        <source>Part file name</source>
        <translation>Dateiname des Teils</translation>
    </message>
    <message>
        <source>optional; cloud-init names a script after it</source>
        <translation>optional; cloud-init benennt ein Skript danach</translation>
    </message>
    <message>
        <source>Part text</source>
        <translation>Text des Teils</translation>
    </message>
    <message>
        <source>Part check</source>
        <translation>Prüfung des Teils</translation>
    </message>
    <message>
        <source>&amp;Merged Cloud-config</source>
        <translation>&amp;Zusammengeführte Cloud-config</translation>
    </message>
    <message>
        <source>Merged cloud-config</source>
        <translation>Zusammengeführte cloud-config</translation>
    </message>
    <message>
        <source>Check of the merged cloud-config</source>
        <translation>Prüfung der zusammengeführten cloud-config</translation>
    </message>
    <message>
        <source>M&amp;IME Text</source>
        <translation>&amp;MIME-Text</translation>
    </message>
    <message>
        <source>MIME text</source>
        <translation>MIME-Text</translation>
    </message>
    <message>
        <source>Size of the payload</source>
        <translation>Größe der Nutzdaten</translation>
    </message>
    <message>
        <source>What opening the file found</source>
        <translation>Was beim Öffnen der Datei gefunden wurde</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Aktionen</translation>
    </message>
</context>
<context>
    <name>NameDialog</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <source>Enter a name.</source>
        <translation>Geben Sie einen Namen ein.</translation>
    </message>
    <message>
        <source>A name has at most 255 characters.</source>
        <translation>Ein Name hat höchstens 255 Zeichen.</translation>
    </message>
    <message>
        <source>A name starts with a letter or a digit.</source>
        <translation>Ein Name beginnt mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
    <message>
        <source>A name may only contain letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>Ein Name darf nur Buchstaben, Ziffern, „.“, „_“ und „-“ enthalten.</translation>
    </message>
</context>
<context>
    <name>OrderAttempts</name>
    <message>
        <source>it is not a list of order attempts</source>
        <translation>sie enthält keine Liste von Order-Versuchen</translation>
    </message>
    <message>
        <source>The record of orders whose outcome is unknown could not be read (%1) and was moved to %2. Check the orders list before placing an order again: an order placed before may be placed twice.</source>
        <translation>Die Aufzeichnung der Orders mit unbekanntem Ausgang konnte nicht gelesen werden (%1) und wurde nach %2 verschoben. Prüfen Sie die Liste der Orders, bevor Sie eine Order noch einmal aufgeben: Eine bereits aufgegebene Order könnte doppelt aufgegeben werden.</translation>
    </message>
    <message>
        <source>The record of orders whose outcome is unknown, %1, could not be read (%2). Check the orders list before placing an order again: an order placed before may be placed twice.</source>
        <translation>Die Aufzeichnung der Orders mit unbekanntem Ausgang, %1, konnte nicht gelesen werden (%2). Prüfen Sie die Liste der Orders, bevor Sie eine Order noch einmal aufgeben: Eine bereits aufgegebene Order könnte doppelt aufgegeben werden.</translation>
    </message>
    <message>
        <source>The record of orders whose outcome is unknown could not be saved to %1 (%2): after a restart, such an order may be placed twice.</source>
        <translation>Die Aufzeichnung der Orders mit unbekanntem Ausgang konnte nicht in %1 gespeichert werden (%2): Nach einem Neustart könnte eine solche Order doppelt aufgegeben werden.</translation>
    </message>
    <message>
        <source>its folder %1 cannot be created</source>
        <translation>sein Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>another sfdesk window kept it locked</source>
        <translation>ein anderes sfdesk-Fenster hielt sie gesperrt</translation>
    </message>
    <message>
        <source>its folder cannot be written</source>
        <translation>in seinen Ordner kann nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>PlannerTime</name>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Darstellung</translation>
    </message>
    <message>
        <source>&amp;Color scheme:</source>
        <translation>&amp;Farbschema:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>A new language applies when sfdesk starts again.</source>
        <translation>Eine neue Sprache gilt ab dem nächsten Start von sfdesk.</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>Benachrichtigungen</translation>
    </message>
    <message>
        <source>Order &amp;fills, whole or in part</source>
        <translation>Aufträge, die &amp;ganz oder teilweise ausgeführt werden</translation>
    </message>
    <message>
        <source>Notify when an order fills</source>
        <translation>Benachrichtigen, wenn ein Auftrag ausgeführt wird</translation>
    </message>
    <message>
        <source>Standing orders that &amp;expire unfilled</source>
        <translation>Stehende Aufträge, die &amp;unausgeführt ablaufen</translation>
    </message>
    <message>
        <source>Notify when a standing order expires unfilled</source>
        <translation>Benachrichtigen, wenn ein stehender Auftrag unausgeführt abläuft</translation>
    </message>
    <message>
        <source>Ca&amp;pacity starting or ending in 40 minutes</source>
        <translation>&amp;Kapazität, die in 40 Minuten beginnt oder endet</translation>
    </message>
    <message>
        <source>Notify 40 minutes before a pool&apos;s capacity starts or ends</source>
        <translation>40 Minuten bevor die Kapazität eines Pools beginnt oder endet benachrichtigen</translation>
    </message>
    <message>
        <source>&amp;Instances running</source>
        <translation>&amp;Instanzen, die laufen</translation>
    </message>
    <message>
        <source>Notify when an instance is running</source>
        <translation>Benachrichtigen, wenn eine Instanz läuft</translation>
    </message>
    <message>
        <source>The desktop shows them; the Activity panel (Ctrl+Shift+A) lists them too, and opens each.</source>
        <translation>Der Desktop zeigt sie; die Aktivitätsleiste (Strg+Umschalt+A) listet sie ebenfalls und öffnet jede.</translation>
    </message>
    <message>
        <source>Price &amp;watches offered at their price</source>
        <translation>Preis&amp;wächter, deren Fenster zum Preis angeboten wird</translation>
    </message>
    <message>
        <source>Notify when a watched window is offered at or under its price</source>
        <translation>Benachrichtigen, wenn ein beobachtetes Fenster zum Preis oder darunter angeboten wird</translation>
    </message>
    <message>
        <source>Pools i&amp;dle for more than an hour</source>
        <translation>Pools, die länger als eine Stunde &amp;brachliegen</translation>
    </message>
    <message>
        <source>Notify when a pool has owned nodes with no instance for more than an hour</source>
        <translation>Benachrichtigen, wenn ein Pool länger als eine Stunde Knoten besitzt, auf denen keine Instanz läuft</translation>
    </message>
</context>
<context>
    <name>PriceWatchDialog</name>
    <message>
        <source>sfdesk checks the market at the connection&apos;s refresh and tells you once when this window is offered at or under the price. Nothing is bought until you choose Buy… and place the order.</source>
        <translation>sfdesk prüft den Markt bei jeder Aktualisierung der Verbindung und sagt Ihnen einmal Bescheid, wenn dieses Fenster zum Preis oder darunter angeboten wird. Gekauft wird nichts, bis Sie Kaufen… wählen und den Auftrag aufgeben.</translation>
    </message>
    <message>
        <source>S&amp;KU:</source>
        <translation>SK&amp;U:</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>&amp;Nodes:</source>
        <translation>&amp;Knoten:</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>&amp;Length:</source>
        <translation>&amp;Länge:</translation>
    </message>
    <message>
        <source>Length in hours</source>
        <translation>Länge in Stunden</translation>
    </message>
    <message>
        <source> h</source>
        <translation> h</translation>
    </message>
    <message>
        <source>&amp;Earliest start:</source>
        <translation>&amp;Frühester Beginn:</translation>
    </message>
    <message>
        <source>Earliest start</source>
        <translation>Frühester Beginn</translation>
    </message>
    <message>
        <source>La&amp;test start:</source>
        <translation>&amp;Spätester Beginn:</translation>
    </message>
    <message>
        <source>Latest start</source>
        <translation>Spätester Beginn</translation>
    </message>
    <message>
        <source>At &amp;most ($/node-hour):</source>
        <translation>&amp;Höchstens ($/Knotenstunde):</translation>
    </message>
    <message>
        <source>Most per node-hour in dollars</source>
        <translation>Höchstens pro Knotenstunde in Dollar</translation>
    </message>
    <message>
        <source>E&amp;xpires:</source>
        <translation>Läuft a&amp;b:</translation>
    </message>
    <message>
        <source>Watch expires</source>
        <translation>Wächter läuft ab</translation>
    </message>
</context>
<context>
    <name>PriceWatchesDialog</name>
    <message>
        <source>Price Watches</source>
        <translation>Preiswächter</translation>
    </message>
    <message>
        <source>Price watches</source>
        <translation>Preiswächter</translation>
    </message>
    <message>
        <source>Each watch waits for a window offered at or under its price. Enter edits it, Delete deletes it.</source>
        <translation>Jeder Wächter wartet auf ein Fenster, das zu seinem Preis oder darunter angeboten wird. Eingabe bearbeitet ihn, Entf löscht ihn.</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Bearbeiten…</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Open the order of the window offered, in the planner</source>
        <translation>Den Auftrag des angebotenen Fensters im Planer öffnen</translation>
    </message>
    <message>
        <source>&amp;Buy…</source>
        <translation>&amp;Kaufen…</translation>
    </message>
</context>
<context>
    <name>ProcurementDialog</name>
    <message>
        <source>Pool:</source>
        <translation>Pool:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>chosen by the server</source>
        <translation>vom Server gewählt</translation>
    </message>
    <message>
        <source>SK&amp;U:</source>
        <translation>SK&amp;U:</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>&amp;Keep:</source>
        <translation>&amp;Vorhalten:</translation>
    </message>
    <message>
        <source>Target nodes</source>
        <translation>Zielanzahl an Knoten</translation>
    </message>
    <message>
        <source> nodes</source>
        <translation> Knoten</translation>
    </message>
    <message>
        <source>&amp;Over the next:</source>
        <translation>&amp;Zeitraum ab jetzt:</translation>
    </message>
    <message>
        <source>Managed window</source>
        <translation>Verwaltetes Zeitfenster</translation>
    </message>
    <message>
        <source>How far ahead it holds the target, as the sf CLI writes a length: 90m, 24h, 7d</source>
        <translation>Wie weit im Voraus die Beschaffung das Ziel hält, als Länge, wie die sf-CLI sie schreibt: 90m, 24h, 7d</translation>
    </message>
    <message>
        <source>Buy at &amp;most ($/node-hour):</source>
        <translation>Kaufen für &amp;höchstens ($/Knotenstunde):</translation>
    </message>
    <message>
        <source>Price cap, dollars per node-hour</source>
        <translation>Höchstpreis, Dollar pro Knotenstunde</translation>
    </message>
    <message>
        <source>It buys at no more than this, in dollars per node-hour</source>
        <translation>Die Beschaffung kauft höchstens zu diesem Preis, in Dollar pro Knotenstunde</translation>
    </message>
    <message>
        <source>Sell at &amp;least ($/node-hour):</source>
        <translation>Verkaufen für &amp;mindestens ($/Knotenstunde):</translation>
    </message>
    <message>
        <source>Floor, dollars per node-hour</source>
        <translation>Mindestpreis, Dollar pro Knotenstunde</translation>
    </message>
    <message>
        <source>It sells what is over the target at no less than this, in dollars per node-hour</source>
        <translation>Die Beschaffung verkauft, was über dem Ziel liegt, mindestens zu diesem Preis, in Dollar pro Knotenstunde</translation>
    </message>
    <message>
        <source>&amp;Running: it buys and sells to keep the target</source>
        <translation>&amp;Aktiv: kauft und verkauft, um das Ziel zu halten</translation>
    </message>
</context>
<context>
    <name>QMenu</name>
    <message>
        <source>Copy &amp;ID</source>
        <translation>&amp;ID kopieren</translation>
    </message>
    <message>
        <source>Copy &amp;Resource Path</source>
        <translation>&amp;Ressourcenpfad kopieren</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Buy %1 @ %2</source>
        <translation>Kaufen %1 @ %2</translation>
    </message>
    <message>
        <source>Sell %1 @ %2</source>
        <translation>Verkaufen %1 @ %2</translation>
    </message>
    <message>
        <source>Selected: %1</source>
        <translation>Ausgewählt: %1</translation>
    </message>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>$ per node-hour</source>
        <translation>$ pro Knotenstunde</translation>
    </message>
    <message>
        <source>Auto buy %1 @ %2</source>
        <translation>Auto-Kauf %1 @ %2</translation>
    </message>
    <message>
        <source>Auto sell %1 @ %2</source>
        <translation>Auto-Verkauf %1 @ %2</translation>
    </message>
    <message>
        <source>Keep %1: %2</source>
        <translation>Vorhalten %1: %2</translation>
    </message>
    <message>
        <source>★ Watched %1 @ %2</source>
        <translation>★ Beobachtet %1 @ %2</translation>
    </message>
</context>
<context>
    <name>ReplaceInstanceDialog</name>
    <message>
        <source>Replace Instance</source>
        <translation>Instanz ersetzen</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>&amp;Image:</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Image</translation>
    </message>
    <message>
        <source>Cloud-init:</source>
        <translation>Cloud-init:</translation>
    </message>
    <message>
        <source>The API keeps a replaced instance&apos;s name while it is terminated: its record is deleted, then the replacement takes the name</source>
        <translation>Die API behält den Namen einer ersetzten Instanz, solange sie beendet ist: ihr Eintrag wird gelöscht, dann übernimmt der Ersatz den Namen</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Name of the replacement</source>
        <translation>Name des Ersatzes</translation>
    </message>
    <message>
        <source>a name the server makes up</source>
        <translation>ein Name, den der Server wählt</translation>
    </message>
</context>
<context>
    <name>SaveTemplateDialog</name>
    <message>
        <source>Save as Instance Template</source>
        <translation>Als Instanzvorlage speichern</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>&amp;Image:</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Image</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>API &amp;token:</source>
        <translation>API-&amp;Token:</translation>
    </message>
    <message>
        <source>API token</source>
        <translation>API-Token</translation>
    </message>
    <message>
        <source>sk_live_…</source>
        <translation>sk_live_…</translation>
    </message>
    <message>
        <source>Sign-in status</source>
        <translation>Anmeldestatus</translation>
    </message>
</context>
<context>
    <name>SpendGuardDialog</name>
    <message>
        <source>Spend Guard</source>
        <translation>Kostenbremse</translation>
    </message>
    <message>
        <source>Ask &amp;again for a buy order costing more than ($):</source>
        <translation>&amp;Nochmals fragen bei einer Kauforder über ($):</translation>
    </message>
    <message>
        <source>Confirmation threshold in dollars</source>
        <translation>Bestätigungsschwelle in Dollar</translation>
    </message>
    <message>
        <source>&amp;Daily buy cap ($):</source>
        <translation>&amp;Tageslimit für Käufe ($):</translation>
    </message>
    <message>
        <source>Daily buy cap in dollars</source>
        <translation>Tageslimit für Käufe in Dollar</translation>
    </message>
    <message>
        <source>Today&apos;s buys are the buy orders listed as placed since midnight (local time) that are not cancelled, at their limits; of a cancelled one, what filled. A procurement&apos;s orders do not count.</source>
        <translation>Die heutigen Käufe sind die seit Mitternacht (Ortszeit) aufgegebenen Kauforders, die nicht storniert sind, zu ihren Limits; von einer stornierten das, was ausgeführt wurde. Orders einer Beschaffung zählen nicht.</translation>
    </message>
</context>
<context>
    <name>SshBootstrapDialog</name>
    <message>
        <source>SSH bootstrap</source>
        <translation>SSH-Bootstrap</translation>
    </message>
    <message>
        <source>SF Compute images have no password and no SSH key. This creates a user with your public key, keeps the image&apos;s default user, and turns off password and root login. Your private key never goes into the user data.</source>
        <translation>Images von SF Compute haben weder Passwort noch SSH-Schlüssel. Dies legt einen Benutzer mit Ihrem öffentlichen Schlüssel an, behält den Standardbenutzer des Images und schaltet die Anmeldung per Passwort und als root ab. Ihr privater Schlüssel gelangt nie in die Benutzerdaten.</translation>
    </message>
    <message>
        <source>&amp;User name:</source>
        <translation>&amp;Benutzername:</translation>
    </message>
    <message>
        <source>trainer</source>
        <translation>trainer</translation>
    </message>
    <message>
        <source>Public &amp;key:</source>
        <translation>Öffentlicher &amp;Schlüssel:</translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation>Fingerabdruck:</translation>
    </message>
    <message>
        <source>Also print GPUs and InfiniBand devices (ibv_devinfo) to the console at first boot</source>
        <translation>Beim ersten Start außerdem GPUs und InfiniBand-Geräte (ibv_devinfo) auf der Konsole ausgeben</translation>
    </message>
    <message>
        <source>Generate a new Ed25519 key</source>
        <translation>Neuen Ed25519-Schlüssel erzeugen</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Datei:</translation>
    </message>
    <message>
        <source>&amp;Passphrase (optional):</source>
        <translation>&amp;Passphrase (optional):</translation>
    </message>
    <message>
        <source>&amp;Comment:</source>
        <translation>&amp;Kommentar:</translation>
    </message>
    <message>
        <source>&amp;Generate key</source>
        <translation>Schlüssel &amp;erzeugen</translation>
    </message>
</context>
<context>
    <name>SshDetailsDialog</name>
    <message>
        <source>SSH Details</source>
        <translation>SSH-Details</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Host keys (compare them with what ssh shows on first connect):</source>
        <translation>Host-Schlüssel (vergleichen Sie sie mit dem, was ssh beim ersten Verbinden anzeigt):</translation>
    </message>
    <message>
        <source>ssh command</source>
        <translation>ssh-Befehl</translation>
    </message>
    <message>
        <source>Host keys</source>
        <translation>Host-Schlüssel</translation>
    </message>
</context>
<context>
    <name>SshKeys</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1 already exists; choose another file name</source>
        <translation>%1 existiert bereits; wählen Sie einen anderen Dateinamen</translation>
    </message>
    <message>
        <source>No file name given for the private key</source>
        <translation>Kein Dateiname für den privaten Schlüssel angegeben</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>Der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>libssh could not generate an Ed25519 key</source>
        <translation>libssh konnte keinen Ed25519-Schlüssel erzeugen</translation>
    </message>
    <message>
        <source>libssh could not export the private key</source>
        <translation>libssh konnte den privaten Schlüssel nicht exportieren</translation>
    </message>
    <message>
        <source>libssh could not export the public key</source>
        <translation>libssh konnte den öffentlichen Schlüssel nicht exportieren</translation>
    </message>
    <message>
        <source>libssh could not hash the public key</source>
        <translation>libssh konnte den Hash des öffentlichen Schlüssels nicht bilden</translation>
    </message>
    <message>
        <source>%1 would be readable by others: the file system there ignores permissions</source>
        <translation>%1 wäre für andere lesbar: Das Dateisystem dort beachtet keine Zugriffsrechte</translation>
    </message>
</context>
<context>
    <name>TableExportDialog</name>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n row(s) to %1.</source>
        <translation>
            <numerusform>%n Zeile nach %1 exportiert.</numerusform>
            <numerusform>%n Zeilen nach %1 exportiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not export to %1: %2</source>
        <translation>Export nach %1 nicht möglich: %2</translation>
    </message>
</context>
<context>
    <name>TopologyDialog</name>
    <message>
        <source>InfiniBand Topology</source>
        <translation>InfiniBand-Topologie</translation>
    </message>
    <message>
        <source>&amp;Fabric:</source>
        <translation>&amp;Fabric:</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>Fabric</translation>
    </message>
    <message>
        <source>&amp;Workspace:</source>
        <translation>&amp;Arbeitsbereich:</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Read ports</source>
        <translation>Ports lesen</translation>
    </message>
    <message>
        <source>Reads each running instance&apos;s console for the ibv_devinfo result of its InfiniBand port</source>
        <translation>Liest in der Konsole jeder laufenden Instanz das ibv_devinfo-Ergebnis ihres InfiniBand-Ports</translation>
    </message>
    <message>
        <source>Read &amp;Ports</source>
        <translation>&amp;Ports lesen</translation>
    </message>
    <message>
        <source>Fabrics, partitions and instances</source>
        <translation>Fabrics, Partitionen und Instanzen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>InfiniBand port</source>
        <translation>InfiniBand-Port</translation>
    </message>
    <message>
        <source>Port last seen</source>
        <translation>Port zuletzt gesehen</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
</context>
<context>
    <name>UploadImageDialog</name>
    <message>
        <source>Upload Image</source>
        <translation>Image hochladen</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Datei:</translation>
    </message>
    <message>
        <source>Image file</source>
        <translation>Image-Datei</translation>
    </message>
    <message>
        <source>A raw or qcow2 disk image</source>
        <translation>Ein Raw- oder qcow2-Festplattenimage</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose the image file</source>
        <translation>Die Image-Datei wählen</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Image name</source>
        <translation>Name des Images</translation>
    </message>
    <message>
        <source>Copy as sf &amp;Command</source>
        <translation>Als sf-&amp;Befehl kopieren</translation>
    </message>
    <message>
        <source>Copy as sf command</source>
        <translation>Als sf-Befehl kopieren</translation>
    </message>
</context>
<context>
    <name>WindowSearchDialog</name>
    <message>
        <source>Find the Cheapest Window</source>
        <translation>Das günstigste Zeitfenster suchen</translation>
    </message>
    <message>
        <source>SK&amp;U:</source>
        <translation>SK&amp;U:</translation>
    </message>
    <message>
        <source>&amp;Nodes:</source>
        <translation>&amp;Knoten:</translation>
    </message>
    <message>
        <source>&amp;Length:</source>
        <translation>&amp;Länge:</translation>
    </message>
    <message>
        <source>A length as the sf CLI takes it: 36h, 3d, 1w, 2d12h</source>
        <translation>Eine Länge, wie die sf-CLI sie annimmt: 36h, 3d, 1w, 2d12h</translation>
    </message>
    <message>
        <source>Shortest length</source>
        <translation>Kürzeste Länge</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>Longest length</source>
        <translation>Längste Länge</translation>
    </message>
    <message>
        <source>&amp;Starting:</source>
        <translation>&amp;Beginn:</translation>
    </message>
    <message>
        <source>A time as the sf CLI takes it: now, in 3d, oct 12 14:00, 2026-10-12 14:00</source>
        <translation>Eine Zeit, wie die sf-CLI sie annimmt: now, in 3d, oct 12 14:00, 2026-10-12 14:00</translation>
    </message>
    <message>
        <source>Earliest start</source>
        <translation>Frühester Beginn</translation>
    </message>
    <message>
        <source>Latest start</source>
        <translation>Spätester Beginn</translation>
    </message>
    <message>
        <source>&amp;Rank by:</source>
        <translation>&amp;Ordnen nach:</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>Cheapest windows</source>
        <translation>Günstigste Zeitfenster</translation>
    </message>
    <message>
        <source>Enter selects the window on the chart and previews the order</source>
        <translation>Die Eingabetaste wählt das Fenster im Diagramm aus und zeigt die Vorschau der Order</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>$ per node-hour</source>
        <translation>$ pro Knotenstunde</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Desktop client for SF Compute: InfiniBand partitions, reservation planning and cloud-init.</source>
        <translation>Desktop-Client für SF Compute: InfiniBand-Partitionen, Reservierungsplanung und cloud-init.</translation>
    </message>
    <message>
        <source>Open the main window, check that it is shown and exit.</source>
        <translation>Das Hauptfenster öffnen, prüfen, dass es angezeigt wird, und beenden.</translation>
    </message>
    <message>
        <source>Render the main window to a PNG file and exit.</source>
        <translation>Das Hauptfenster als PNG-Datei speichern und beenden.</translation>
    </message>
    <message>
        <source>Open this section of the sidebar.</source>
        <translation>Diesen Bereich der Seitenleiste öffnen.</translation>
    </message>
    <message>
        <source>Use a light or dark palette for this run (system, light, dark).</source>
        <translation>Für diesen Lauf eine helle oder dunkle Palette verwenden (system, light, dark).</translation>
    </message>
    <message>
        <source>Print the debug messages of these subsystems on stderr: a comma-separated list of api, sim, market, cloudinit, ui, or all.</source>
        <translation>Die Debug-Meldungen dieser Teilsysteme auf stderr ausgeben: eine kommagetrennte Liste aus api, sim, market, cloudinit, ui oder all.</translation>
    </message>
    <message>
        <source>Connect to this SF Compute API server for this run. It is kept in File &gt; Connections with a token of its own, asked for once and kept in the system keychain. SF_API_KEY and SF_BEARER_TOKEN are used only for https://api.sfcompute.com.</source>
        <translation>Für diesen Lauf mit diesem SF-Compute-API-Server verbinden. Er bleibt unter Datei &gt; Verbindungen mit einem eigenen Token, das einmal erfragt und im Schlüsselbund des Systems verwahrt wird. SF_API_KEY und SF_BEARER_TOKEN werden nur für https://api.sfcompute.com verwendet.</translation>
    </message>
</context>
<context>
    <name>sfdesk::AboutDialog</name>
    <message>
        <source>&lt;b&gt;sfdesk&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;sfdesk&lt;/b&gt; %1</translation>
    </message>
</context>
<context>
    <name>sfdesk::ActivityModel</name>
    <message>
        <source>In flight</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Storniert</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
</context>
<context>
    <name>sfdesk::ActivityPanel</name>
    <message>
        <source>&amp;Cancel Request</source>
        <translation>Anfrage &amp;abbrechen</translation>
    </message>
    <message>
        <source>C&amp;lear Finished</source>
        <translation>&amp;Erledigte entfernen</translation>
    </message>
    <message>
        <source>Nothing in flight.</source>
        <translation>Keine laufenden Anfragen.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) in flight.</source>
        <translation>
            <numerusform>%n Anfrage läuft.</numerusform>
            <numerusform>%n Anfragen laufen.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Requests</source>
        <translation>An&amp;fragen</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>Benachrichtigungen</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Clear &amp;Notifications</source>
        <translation>Benachrichtigungen &amp;leeren</translation>
    </message>
    <message>
        <source>No&amp;tifications</source>
        <translation>Benach&amp;richtigungen</translation>
    </message>
    <message>
        <source>No&amp;tifications (%1)</source>
        <translation>Benach&amp;richtigungen (%1)</translation>
    </message>
    <message>
        <source>No notifications yet. The app tells you here when an order fills, when a standing order ends unfilled, 40 minutes before a pool&apos;s capacity starts or ends, and when an instance is running. What the lists hold when first read is not told; File &gt; Preferences chooses which are told.</source>
        <translation>Noch keine Benachrichtigungen. Die App meldet hier, wenn eine Order ausgeführt wird, wenn eine stehende Order unausgeführt endet, 40 Minuten bevor die Kapazität eines Pools beginnt oder endet und wenn eine Instanz läuft. Was die Listen beim ersten Lesen enthalten, wird nicht gemeldet; unter Datei &gt; Einstellungen wählen Sie, was gemeldet wird.</translation>
    </message>
</context>
<context>
    <name>sfdesk::ApiCall</name>
    <message>
        <source>the connection was closed</source>
        <translation>die Verbindung wurde geschlossen</translation>
    </message>
    <message>
        <source>the body is empty</source>
        <translation>der Inhalt ist leer</translation>
    </message>
    <message>
        <source>%1 at byte %2</source>
        <translation>%1 bei Byte %2</translation>
    </message>
    <message numerus="yes">
        <source>the answer is larger than %n MiB</source>
        <translation>
            <numerusform>die Antwort ist größer als %n MiB</numerusform>
            <numerusform>die Antwort ist größer als %n MiB</numerusform>
        </translation>
    </message>
    <message>
        <source>the list&apos;s pages lead back to a page already read</source>
        <translation>die Seiten der Liste führen zu einer schon gelesenen Seite zurück</translation>
    </message>
    <message numerus="yes">
        <source>the list did not end after %n pages</source>
        <translation>
            <numerusform>die Liste endete nach %n Seite nicht</numerusform>
            <numerusform>die Liste endete nach %n Seiten nicht</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ApiClient</name>
    <message>
        <source>&quot;%1&quot; is not a valid server address.</source>
        <translation>„%1“ ist keine gültige Serveradresse.</translation>
    </message>
    <message>
        <source>Only https:// server addresses are supported.</source>
        <translation>Nur Serveradressen mit https:// werden unterstützt.</translation>
    </message>
    <message>
        <source>Plain http is allowed only to this computer (localhost); use https for %1.</source>
        <translation>Unverschlüsseltes http ist nur zu diesem Computer (localhost) erlaubt; verwenden Sie https für %1.</translation>
    </message>
    <message>
        <source>The CA certificates file %1 cannot be read: %2</source>
        <translation>Die CA-Zertifikatsdatei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The CA certificates file %1 is larger than 4 MiB.</source>
        <translation>Die CA-Zertifikatsdatei %1 ist größer als 4 MiB.</translation>
    </message>
    <message>
        <source>The file %1 holds no PEM certificate (-----BEGIN CERTIFICATE-----).</source>
        <translation>Die Datei %1 enthält kein PEM-Zertifikat (-----BEGIN CERTIFICATE-----).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a proxy address such as http://proxy.example:3128.</source>
        <translation>„%1“ ist keine Proxy-Adresse wie http://proxy.example:3128.</translation>
    </message>
    <message>
        <source>Proxies that ask for a user name and password are not supported.</source>
        <translation>Proxys, die nach Benutzername und Passwort fragen, werden nicht unterstützt.</translation>
    </message>
    <message>
        <source>Only http:// and socks5:// proxies are supported (an http proxy carries https connections through CONNECT).</source>
        <translation>Nur Proxys mit http:// und socks5:// werden unterstützt (ein http-Proxy leitet https-Verbindungen per CONNECT weiter).</translation>
    </message>
</context>
<context>
    <name>sfdesk::ApiMarketBackend</name>
    <message>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <source>The balance is too low: %1</source>
        <translation>Das Guthaben reicht nicht aus: %1</translation>
    </message>
    <message>
        <source>the order could cost more than is available.</source>
        <translation>der Auftrag könnte mehr kosten, als verfügbar ist.</translation>
    </message>
    <message>
        <source>The pool does not own these nodes (unsold) over the whole window any more; another order may have sold or listed them. The chart now shows what it owns.</source>
        <translation>Der Pool besitzt diese Knoten (unverkauft) nicht mehr über das ganze Zeitfenster; ein anderer Auftrag hat sie vielleicht verkauft oder angeboten. Das Diagramm zeigt jetzt, was er besitzt.</translation>
    </message>
</context>
<context>
    <name>sfdesk::Application</name>
    <message>
        <source>Availability</source>
        <translation>Verfügbarkeit</translation>
    </message>
    <message>
        <source>Pools</source>
        <translation>Pools</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>Instanzen</translation>
    </message>
    <message>
        <source>InfiniBand Partitions</source>
        <translation>InfiniBand-Partitionen</translation>
    </message>
    <message>
        <source>Reservations</source>
        <translation>Reservierungen</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Orders</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>Images</translation>
    </message>
    <message>
        <source>Cloud-init</source>
        <translation>Cloud-init</translation>
    </message>
    <message>
        <source>the Cloud-init editor</source>
        <translation>dem Cloud-init-Editor</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>startet…</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>verbindet…</translation>
    </message>
    <message>
        <source>signing in…</source>
        <translation>meldet an…</translation>
    </message>
    <message>
        <source>not signed in</source>
        <translation>nicht angemeldet</translation>
    </message>
    <message>
        <source>not running</source>
        <translation>läuft nicht</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>nicht verbunden</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>sfdesk — %1</source>
        <translation>sfdesk — %1</translation>
    </message>
    <message>
        <source>sfdesk — %1 · %2</source>
        <translation>sfdesk — %1 · %2</translation>
    </message>
    <message>
        <source>The local simulator was reset.</source>
        <translation>Der lokale Simulator wurde zurückgesetzt.</translation>
    </message>
    <message>
        <source>The local simulator was not reset: %1</source>
        <translation>Der lokale Simulator wurde nicht zurückgesetzt: %1</translation>
    </message>
    <message>
        <source>Could not read which orders may have been placed: check Orders before placing one again, or it may be placed twice.</source>
        <translation>Möglicherweise aufgegebene Orders unlesbar: Prüfen Sie Orders vor erneutem Aufgeben, sonst droht eine Doppel-Order.</translation>
    </message>
    <message>
        <source>Deployments</source>
        <translation>Deployments</translation>
    </message>
    <message>
        <source>Opened %1 in the Cloud-init editor as a new text.</source>
        <translation>%1 im Cloud-init-Editor als neuen Text geöffnet.</translation>
    </message>
    <message>
        <source>Saved instance template %1: Deployments &gt; Instance Templates lists it.</source>
        <translation>Instanzvorlage %1 gespeichert: Deployments &gt; Instanzvorlagen listet sie.</translation>
    </message>
    <message>
        <source>Sign In…</source>
        <translation>Anmelden…</translation>
    </message>
    <message>
        <source>Not signed in to &lt;b&gt;%1&lt;/b&gt;: its pages show nothing until you sign in.</source>
        <translation>Nicht bei &lt;b&gt;%1&lt;/b&gt; angemeldet: Die Seiten zeigen nichts, bis Sie sich anmelden.</translation>
    </message>
    <message>
        <source>Connections…</source>
        <translation>Verbindungen…</translation>
    </message>
    <message>
        <source>Not connected to &lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>Nicht mit &lt;b&gt;%1&lt;/b&gt; verbunden: %2</translation>
    </message>
    <message>
        <source>Window offered at your price</source>
        <translation>Fenster zu Ihrem Preis angeboten</translation>
    </message>
    <message numerus="yes">
        <source>%1 × %2 from %3 for %n hour(s) at %4 (watched at %5). Buy… opens the order.</source>
        <translation>
            <numerusform>%1 × %2 ab %3 für %n Stunde zu %4 (beobachtet zu %5). Kaufen… öffnet den Auftrag.</numerusform>
            <numerusform>%1 × %2 ab %3 für %n Stunden zu %4 (beobachtet zu %5). Kaufen… öffnet den Auftrag.</numerusform>
        </translation>
    </message>
    <message>
        <source>Money</source>
        <translation>Geld</translation>
    </message>
</context>
<context>
    <name>sfdesk::AvailabilityChart</name>
    <message>
        <source>Availability chart</source>
        <translation>Verfügbarkeitsdiagramm</translation>
    </message>
    <message>
        <source>Nodes for sale</source>
        <translation>Angebotene Knoten</translation>
    </message>
    <message>
        <source>$ per node-hour</source>
        <translation>$ pro Knotenstunde</translation>
    </message>
    <message>
        <source>Best ask</source>
        <translation>Bester Briefkurs</translation>
    </message>
    <message>
        <source>Local time (%1)</source>
        <translation>Ortszeit (%1)</translation>
    </message>
    <message>
        <source>No nodes published for sale.</source>
        <translation>Keine Knoten zum Verkauf angeboten.</translation>
    </message>
    <message>
        <source>Nodes for sale from %1 to %2: between %3 and %4.</source>
        <translation>Angebotene Knoten von %1 bis %2: zwischen %3 und %4.</translation>
    </message>
    <message>
        <source>onwards</source>
        <translation>fortlaufend</translation>
    </message>
    <message>
        <source>No asks in the order book for this range.</source>
        <translation>Keine Briefkurse im Orderbuch für diesen Zeitraum.</translation>
    </message>
    <message numerus="yes">
        <source>Lowest best ask %1 per node-hour, for the hour from %2 (%n hour(s) with asks).</source>
        <translation>
            <numerusform>Niedrigster bester Briefkurs %1 pro Knotenstunde, für die Stunde ab %2 (%n Stunde mit Briefkursen).</numerusform>
            <numerusform>Niedrigster bester Briefkurs %1 pro Knotenstunde, für die Stunde ab %2 (%n Stunden mit Briefkursen).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::AvailabilityView</name>
    <message>
        <source>&amp;InfiniBand only</source>
        <translation>Nur &amp;InfiniBand</translation>
    </message>
    <message>
        <source>No SKUs to show.</source>
        <translation>Keine SKUs vorhanden.</translation>
    </message>
    <message>
        <source>Loading availability</source>
        <translation>Verfügbarkeit wird geladen</translation>
    </message>
    <message>
        <source>Loading SKUs</source>
        <translation>SKUs werden geladen</translation>
    </message>
    <message>
        <source>Select a SKU to see what the market offers over time. A SKU supports InfiniBand when its RDMA type is infiniband; each such SKU sits on one fabric.</source>
        <translation>Wählen Sie eine SKU, um zu sehen, was der Markt im Zeitverlauf anbietet. Eine SKU unterstützt InfiniBand, wenn ihr RDMA-Typ infiniband ist; jede solche SKU liegt auf genau einer Fabric.</translation>
    </message>
    <message>
        <source>Copy as sf command: availability</source>
        <translation>Als sf-Befehl kopieren: availability</translation>
    </message>
    <message>
        <source>Availability</source>
        <translation>Verfügbarkeit</translation>
    </message>
    <message>
        <source>No InfiniBand: instances of this SKU have no RDMA network.</source>
        <translation>Kein InfiniBand: Instanzen dieser SKU haben kein RDMA-Netz.</translation>
    </message>
    <message>
        <source>InfiniBand, on a fabric the server did not name.</source>
        <translation>InfiniBand, auf einer Fabric, die der Server nicht nennt.</translation>
    </message>
    <message>
        <source>any workspace</source>
        <translation>einem beliebigen Arbeitsbereich</translation>
    </message>
    <message>
        <source>workspace &quot;%1&quot;</source>
        <translation>Arbeitsbereich „%1“</translation>
    </message>
    <message>
        <source>InfiniBand fabric %1. Partitions need the InfiniBand preview (see the Partitions page).</source>
        <translation>InfiniBand-Fabric %1. Partitionen brauchen die InfiniBand-Vorschau (siehe die Seite Partitionen).</translation>
    </message>
    <message>
        <source>InfiniBand fabric %1.</source>
        <translation>InfiniBand-Fabric %1.</translation>
    </message>
    <message>
        <source>%1 (workspace %2)</source>
        <translation>%1 (Arbeitsbereich %2)</translation>
    </message>
    <message>
        <source>InfiniBand fabric %1. Reading the partitions of %2…</source>
        <translation>InfiniBand-Fabric %1. Die Partitionen von %2 werden gelesen…</translation>
    </message>
    <message>
        <source>InfiniBand fabric %1. No partitions of %2 on it yet: create one on the Partitions page to give instances of this SKU an RDMA network.</source>
        <translation>InfiniBand-Fabric %1. Noch keine Partitionen von %2 darauf: Legen Sie auf der Seite Partitionen eine an, damit Instanzen dieser SKU ein RDMA-Netz haben.</translation>
    </message>
    <message>
        <source>InfiniBand fabric %1. Partitions of %2 on it: %3.</source>
        <translation>InfiniBand-Fabric %1. Partitionen von %2 darauf: %3.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2) · %3&lt;br&gt;%4 Nodes now: %5.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2) · %3&lt;br&gt;%4 Knoten jetzt: %5.</translation>
    </message>
    <message>
        <source>Reading the order book</source>
        <translation>Orderbuch lesen</translation>
    </message>
    <message>
        <source>Availa&amp;bility</source>
        <translation>&amp;Verfügbarkeit</translation>
    </message>
</context>
<context>
    <name>sfdesk::BurnDownChart</name>
    <message>
        <source>Net spend this month</source>
        <translation>Nettoausgaben in diesem Monat</translation>
    </message>
    <message>
        <source>Dollars</source>
        <translation>Dollar</translation>
    </message>
    <message>
        <source>Net spent this month, by the end of each day</source>
        <translation>Netto ausgegeben in diesem Monat, jeweils am Ende des Tages</translation>
    </message>
    <message>
        <source>No fills this month.</source>
        <translation>In diesem Monat keine Ausführungen.</translation>
    </message>
    <message numerus="yes">
        <source>Net spent this month up to %1: %2, over %n day(s).</source>
        <translation>
            <numerusform>Netto ausgegeben in diesem Monat bis %1: %2, an %n Tag.</numerusform>
            <numerusform>Netto ausgegeben in diesem Monat bis %1: %2, an %n Tagen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::CloudInitCodeEditor</name>
    <message>
        <source>Quick fix: %1 (right-click)</source>
        <translation>Schnellkorrektur: %1 (Rechtsklick)</translation>
    </message>
    <message>
        <source>One of:</source>
        <translation>Eines von:</translation>
    </message>
    <message>
        <source>Quick fix: %1</source>
        <translation>Schnellkorrektur: %1</translation>
    </message>
</context>
<context>
    <name>sfdesk::CloudInitPage</name>
    <message>
        <source>Discard Recovered Text</source>
        <translation>Wiederhergestellten Text verwerfen</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>unknown format</source>
        <translation>unbekanntes Format</translation>
    </message>
    <message>
        <source>%1 · schema of cloud-init %2</source>
        <translation>%1 · Schema von cloud-init %2</translation>
    </message>
    <message>
        <source>✓ Valid</source>
        <translation>✓ Gültig</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1  [quick fix: %2]</source>
        <translation>%1  [Schnellkorrektur: %2]</translation>
    </message>
    <message>
        <source>Recovered unsaved work from %1%2. Save it, or discard it.</source>
        <translation>Ungespeicherte Arbeit vom %1%2 wiederhergestellt. Speichern oder verwerfen Sie sie.</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>The file is larger than 4 MiB; user data is limited to 64 KiB.</source>
        <translation>Die Datei ist größer als 4 MiB; Benutzerdaten sind auf 64 KiB begrenzt.</translation>
    </message>
    <message>
        <source>Open User Data</source>
        <translation>Benutzerdaten öffnen</translation>
    </message>
    <message>
        <source>User data (*.yaml *.yml *.cfg *.txt *.sh);;All files (*)</source>
        <translation>Benutzerdaten (*.yaml *.yml *.cfg *.txt *.sh);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Save User Data</source>
        <translation>Benutzerdaten speichern</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Cloud-config (*.yaml *.yml);;All files (*)</source>
        <translation>Cloud-config (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>info</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <source>A new, empty cloud-config</source>
        <translation>Eine neue, leere cloud-config</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>SSH &amp;Bootstrap…</source>
        <translation>SSH-&amp;Bootstrap…</translation>
    </message>
    <message>
        <source>&amp;Quick Fix</source>
        <translation>Schnell&amp;korrektur</translation>
    </message>
    <message>
        <source>New from &amp;Template</source>
        <translation>Neu aus &amp;Vorlage</translation>
    </message>
    <message>
        <source>&amp;Cloud-init</source>
        <translation>&amp;Cloud-init</translation>
    </message>
    <message>
        <source>Save as gzip (%1 KiB in base64)…</source>
        <translation>Als gzip speichern (%1 KiB in base64)…</translation>
    </message>
    <message>
        <source>cloud-init reads gzip-compressed user data: compressed, this text fits the 64 KiB limit.</source>
        <translation>cloud-init liest gzip-komprimierte Benutzerdaten: komprimiert passt dieser Text in die Grenze von 64 KiB.</translation>
    </message>
    <message>
        <source>Save Gzip-Compressed User Data</source>
        <translation>Gzip-komprimierte Benutzerdaten speichern</translation>
    </message>
    <message>
        <source>Gzip-compressed user data (*.gz);;All files (*)</source>
        <translation>Gzip-komprimierte Benutzerdaten (*.gz);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save the changes to %1 before starting a new cloud-config?</source>
        <translation>Die Änderungen an %1 speichern, bevor eine neue cloud-config beginnt?</translation>
    </message>
    <message>
        <source>Save the changes to %1 before replacing them with a template?</source>
        <translation>Die Änderungen an %1 speichern, bevor eine Vorlage sie ersetzt?</translation>
    </message>
    <message>
        <source>Save the changes to %1 before opening another file?</source>
        <translation>Die Änderungen an %1 speichern, bevor eine andere Datei geöffnet wird?</translation>
    </message>
    <message>
        <source>Save the changes to %1 before replacing them with the SSH bootstrap?</source>
        <translation>Die Änderungen an %1 speichern, bevor der SSH-Bootstrap sie ersetzt?</translation>
    </message>
    <message>
        <source>Save the changes to %1 before closing?</source>
        <translation>Die Änderungen an %1 vor dem Schließen speichern?</translation>
    </message>
    <message>
        <source>Selects the first problem that has a quick fix; press again to apply it</source>
        <translation>Wählt das erste Problem mit Schnellkorrektur; noch einmal drücken wendet sie an</translation>
    </message>
    <message>
        <source>No problem has a quick fix.</source>
        <translation>Kein Problem hat eine Schnellkorrektur.</translation>
    </message>
    <message>
        <source>&amp;Multipart Builder…</source>
        <translation>&amp;Multipart-Baukasten…</translation>
    </message>
    <message>
        <source>Multipart…</source>
        <translation>Multipart…</translation>
    </message>
    <message>
        <source>Combine cloud-config, scripts, boothooks and Jinja into multipart user data</source>
        <translation>Cloud-config, Skripte, Boothooks und Jinja zu mehrteiligen Benutzerdaten zusammenfügen</translation>
    </message>
    <message>
        <source>Save the changes to %1 before replacing them with the multipart payload?</source>
        <translation>Die Änderungen an %1 speichern, bevor die mehrteiligen Benutzerdaten sie ersetzen?</translation>
    </message>
    <message>
        <source>Jinja &amp;Instance Data…</source>
        <translation>Jinja-&amp;Instanzdaten…</translation>
    </message>
    <message>
        <source>The instance data (v1.*, ds.*) that Jinja templates are rendered with</source>
        <translation>Die Instanzdaten (v1.*, ds.*), mit denen Jinja-Vorlagen gerendert werden</translation>
    </message>
    <message>
        <source>User data</source>
        <translation>Benutzerdaten</translation>
    </message>
    <message>
        <source>The cloud-config being edited. Tab indents; F6 moves to the next pane.</source>
        <translation>Die bearbeitete cloud-config. Tab rückt ein; F6 wechselt zum nächsten Bereich.</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Enter on a problem moves the cursor to it</source>
        <translation>Eingabe auf einem Problem setzt den Cursor dorthin</translation>
    </message>
    <message>
        <source>Save as Instance &amp;Template…</source>
        <translation>Als Instanz&amp;vorlage speichern…</translation>
    </message>
    <message>
        <source>Checks the text, then keeps it with an image as an instance template that deployments start instances from</source>
        <translation>Prüft den Text und hält ihn dann mit einem Image als Instanzvorlage fest, aus der Deployments Instanzen starten</translation>
    </message>
    <message>
        <source>Save the changes to %1 before opening another text?</source>
        <translation>Die Änderungen an %1 speichern, bevor ein anderer Text geöffnet wird?</translation>
    </message>
    <message>
        <source>Save as Instance Template</source>
        <translation>Als Instanzvorlage speichern</translation>
    </message>
    <message>
        <source>The text has errors (see the problems under the editor). Fix them before saving it as an instance template.</source>
        <translation>Der Text hat Fehler (siehe die Probleme unter dem Editor). Beheben Sie sie, bevor Sie ihn als Instanzvorlage speichern.</translation>
    </message>
    <message>
        <source>User data size</source>
        <translation>Größe der Benutzerdaten</translation>
    </message>
    <message>
        <source>%1 KiB of 64 KiB in base64 (%2 KiB of text)</source>
        <translation>%1 KiB von 64 KiB in Base64 (%2 KiB Text)</translation>
    </message>
    <message>
        <source>SF Compute takes user data base64-encoded, at most 64 KiB of it: about 48 KiB of text. The meter counts the encoded size, as it is sent.</source>
        <translation>SF Compute nimmt Benutzerdaten Base64-kodiert an, höchstens 64 KiB davon: etwa 48 KiB Text. Die Anzeige zählt die kodierte Größe, wie sie gesendet wird.</translation>
    </message>
</context>
<context>
    <name>sfdesk::Connection</name>
    <message>
        <source>This build has no local simulator.</source>
        <translation>Dieser Build enthält keinen lokalen Simulator.</translation>
    </message>
    <message>
        <source>Enter an API token.</source>
        <translation>Geben Sie ein API-Token ein.</translation>
    </message>
    <message>
        <source>The server did not accept this token. Nothing was stored.</source>
        <translation>Der Server hat dieses Token nicht angenommen. Es wurde nichts gespeichert.</translation>
    </message>
    <message>
        <source>The token could not be checked: %1</source>
        <translation>Das Token konnte nicht geprüft werden: %1</translation>
    </message>
    <message>
        <source>The server no longer accepts the token of this connection.</source>
        <translation>Der Server nimmt das Token dieser Verbindung nicht mehr an.</translation>
    </message>
    <message>
        <source>Nothing is sent to this server: %1</source>
        <translation>An diesen Server wird nichts gesendet: %1</translation>
    </message>
    <message>
        <source>The token of this connection could not be read from the system keychain. %1</source>
        <translation>Das Token dieser Verbindung konnte nicht aus dem Schlüsselbund des Systems gelesen werden. %1</translation>
    </message>
    <message>
        <source>The token is kept for this run only.</source>
        <translation>Das Token wird nur für diesen Lauf behalten.</translation>
    </message>
    <message>
        <source>This connection is not open.</source>
        <translation>Diese Verbindung ist nicht geöffnet.</translation>
    </message>
    <message>
        <source>The token is kept for this run only. %1</source>
        <translation>Das Token wird nur für diesen Lauf behalten. %1</translation>
    </message>
    <message>
        <source>The server accepted the token, but the system keychain did not keep it. %1</source>
        <translation>Der Server hat das Token angenommen, der Schlüsselbund des Systems hat es aber nicht verwahrt. %1</translation>
    </message>
    <message>
        <source>The token is kept for this run only, until the system keychain keeps it.</source>
        <translation>Das Token wird nur für diesen Lauf behalten, bis der Schlüsselbund des Systems es verwahrt.</translation>
    </message>
    <message>
        <source>The token is kept for this run only: sfdesk asks for it again next time.</source>
        <translation>Das Token wird nur für diesen Lauf behalten: sfdesk fragt beim nächsten Mal erneut danach.</translation>
    </message>
    <message>
        <source>Not signed in: the sign-in was cancelled and the token not kept.</source>
        <translation>Nicht angemeldet: Die Anmeldung wurde abgebrochen und das Token nicht behalten.</translation>
    </message>
    <message>
        <source>Signed out, but the token may still be in the system keychain: sfdesk could not remove it. %1</source>
        <translation>Abgemeldet, das Token ist aber womöglich noch im Schlüsselbund des Systems: sfdesk konnte es nicht entfernen. %1</translation>
    </message>
    <message>
        <source>Signed out. No system keychain could be reached: if one kept a token for this connection in an earlier run, it is still there.</source>
        <translation>Abgemeldet. Kein Schlüsselbund des Systems war erreichbar: Hat einer in einem früheren Lauf ein Token für diese Verbindung verwahrt, ist es noch dort.</translation>
    </message>
    <message>
        <source>If the server&apos;s certificate comes from your organisation&apos;s own CA, choose that CA&apos;s PEM file under Network in File &gt; Connections.</source>
        <translation>Stammt das Zertifikat des Servers von der eigenen CA Ihrer Organisation, wählen Sie die PEM-Datei dieser CA unter Netzwerk in Datei &gt; Verbindungen.</translation>
    </message>
</context>
<context>
    <name>sfdesk::ConnectionManager</name>
    <message>
        <source>The connection &quot;%1&quot; was not removed: its token could not be removed from the system keychain. %2</source>
        <translation>Die Verbindung „%1“ wurde nicht entfernt: Ihr Token konnte nicht aus dem Schlüsselbund des Systems entfernt werden. %2</translation>
    </message>
    <message>
        <source>The connection &quot;%1&quot; was removed. No system keychain could be reached: if one kept a token for it in an earlier run, it is still there.</source>
        <translation>Die Verbindung „%1“ wurde entfernt. Kein Schlüsselbund des Systems war erreichbar: Hat einer in einem früheren Lauf ein Token für sie verwahrt, ist es noch dort.</translation>
    </message>
    <message>
        <source>The connection &quot;%1&quot; and its token were removed.</source>
        <translation>Die Verbindung „%1“ und ihr Token wurden entfernt.</translation>
    </message>
</context>
<context>
    <name>sfdesk::ConnectionStatus</name>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>Not updated yet</source>
        <translation>Noch nicht aktualisiert</translation>
    </message>
    <message numerus="yes">
        <source>Updated %n second(s) ago</source>
        <translation>
            <numerusform>Vor %n Sekunde aktualisiert</numerusform>
            <numerusform>Vor %n Sekunden aktualisiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Updated %n minute(s) ago</source>
        <translation>
            <numerusform>Vor %n Minute aktualisiert</numerusform>
            <numerusform>Vor %n Minuten aktualisiert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ConnectionsDialog</name>
    <message>
        <source>Sign &amp;In…</source>
        <translation>&amp;Anmelden…</translation>
    </message>
    <message>
        <source>%1 (current)</source>
        <translation>%1 (aktuell)</translation>
    </message>
    <message>
        <source>The simulator inside sfdesk</source>
        <translation>Der Simulator in sfdesk</translation>
    </message>
    <message>
        <source>Server: the simulator inside sfdesk, with its own account</source>
        <translation>Server: der Simulator in sfdesk, mit eigenem Konto</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>Server: %1</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Startet…</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>Meldet an…</translation>
    </message>
    <message>
        <source>Not signed in.</source>
        <translation>Nicht angemeldet.</translation>
    </message>
    <message>
        <source>Could not start.</source>
        <translation>Konnte nicht starten.</translation>
    </message>
    <message>
        <source>Signed in.</source>
        <translation>Angemeldet.</translation>
    </message>
    <message>
        <source>Signed in as %1 (account %2).</source>
        <translation>Angemeldet als %1 (Konto %2).</translation>
    </message>
    <message>
        <source>The token comes from %1.</source>
        <translation>Das Token stammt aus %1.</translation>
    </message>
    <message>
        <source>Not the current connection.</source>
        <translation>Nicht die aktuelle Verbindung.</translation>
    </message>
    <message>
        <source>Change &amp;Token…</source>
        <translation>&amp;Token ändern…</translation>
    </message>
    <message>
        <source>Give the server a name.</source>
        <translation>Geben Sie dem Server einen Namen.</translation>
    </message>
    <message>
        <source>That is not a server address.</source>
        <translation>Das ist keine Serveradresse.</translation>
    </message>
    <message>
        <source>Reset the Local Simulator</source>
        <translation>Lokalen Simulator zurücksetzen</translation>
    </message>
    <message>
        <source>Replace everything in the local simulator? Its pools, instances, orders and partitions are deleted and cannot be brought back.</source>
        <translation>Alles im lokalen Simulator ersetzen? Seine Pools, Instanzen, Aufträge und Partitionen werden gelöscht und lassen sich nicht wiederherstellen.</translation>
    </message>
    <message>
        <source>&amp;Demo World</source>
        <translation>&amp;Demo-Welt</translation>
    </message>
    <message>
        <source>Pools, orders, a partition with running workers and a market with history</source>
        <translation>Pools, Aufträge, eine Partition mit laufenden Workern und ein Markt mit Verlauf</translation>
    </message>
    <message>
        <source>&amp;Empty Account</source>
        <translation>&amp;Leeres Konto</translation>
    </message>
    <message>
        <source>Remove Connection</source>
        <translation>Verbindung entfernen</translation>
    </message>
    <message>
        <source>Remove the connection &quot;%1&quot; to %2, and the token saved for it?</source>
        <translation>Die Verbindung &quot;%1&quot; zu %2 und das dafür gespeicherte Token entfernen?</translation>
    </message>
    <message>
        <source>&amp;Remove Connection</source>
        <translation>Verbindung &amp;entfernen</translation>
    </message>
    <message>
        <source>%1, given with --server</source>
        <translation>%1, angegeben mit --server</translation>
    </message>
    <message>
        <source>Given with sfdesk --server; kept with its own token until removed.</source>
        <translation>Angegeben mit sfdesk --server; bleibt mit eigenem Token, bis sie entfernt wird.</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <source>Network for %1</source>
        <translation>Netzwerk für %1</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <source>Choose CA Certificates</source>
        <translation>CA-Zertifikate auswählen</translation>
    </message>
    <message>
        <source>PEM certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation>PEM-Zertifikate (*.pem *.crt *.cer);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Saved the network settings of %1.</source>
        <translation>Die Netzwerkeinstellungen von %1 wurden gespeichert.</translation>
    </message>
    <message>
        <source>Added %1. Connect switches to it.</source>
        <translation>%1 hinzugefügt. Verbinden wechselt zu ihr.</translation>
    </message>
</context>
<context>
    <name>sfdesk::ConsoleLogDialog</name>
    <message>
        <source>Console Log of %1</source>
        <translation>Konsolenprotokoll von %1</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>No console output yet: the instance may still be waiting for allocation or booting.</source>
        <translation>Noch keine Konsolenausgabe: Die Instanz wartet vielleicht noch auf die Zuteilung oder startet gerade.</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::CreateDeploymentDialog</name>
    <message>
        <source>Generic: run on the pool&apos;s nodes</source>
        <translation>Generisch: auf den Knoten des Pools laufen</translation>
    </message>
    <message>
        <source>Spot: buy nodes up to a price</source>
        <translation>Spot: Knoten bis zu einem Preis kaufen</translation>
    </message>
    <message>
        <source>Copy as sf &amp;Command</source>
        <translation>Als sf-&amp;Befehl kopieren</translation>
    </message>
    <message>
        <source>Copies the sf command that creates this deployment</source>
        <translation>Kopiert den sf-Befehl, der dieses Deployment erstellt</translation>
    </message>
    <message>
        <source>C&amp;reate</source>
        <translation>&amp;Erstellen</translation>
    </message>
    <message>
        <source>%1 (image %2)</source>
        <translation>%1 (Image %2)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (the pool owns %n node(s) now)</source>
        <translation>
            <numerusform>%1 (der Pool besitzt jetzt %n Knoten)</numerusform>
            <numerusform>%1 (der Pool besitzt jetzt %n Knoten)</numerusform>
        </translation>
    </message>
    <message>
        <source>None (no InfiniBand)</source>
        <translation>Keine (kein InfiniBand)</translation>
    </message>
    <message>
        <source>%1 (fabric %2)</source>
        <translation>%1 (Fabric %2)</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <source>No instance template in workspace &quot;%1&quot;: save one from the Cloud-init editor (Cloud-init &gt; Save as Instance Template…).</source>
        <translation>Keine Instanzvorlage im Arbeitsbereich „%1“: Speichern Sie eine aus dem Cloud-init-Editor (Cloud-init &gt; Als Instanzvorlage speichern…).</translation>
    </message>
    <message>
        <source>Reading the instance templates…</source>
        <translation>Die Instanzvorlagen werden gelesen…</translation>
    </message>
    <message>
        <source>No pool in workspace &quot;%1&quot;.</source>
        <translation>Kein Pool im Arbeitsbereich „%1“.</translation>
    </message>
    <message>
        <source>Reading the pools…</source>
        <translation>Die Pools werden gelesen…</translation>
    </message>
    <message>
        <source>Reading the SKUs…</source>
        <translation>Die SKUs werden gelesen…</translation>
    </message>
    <message>
        <source>Name the instances, e.g. worker-{{nanoid(10)}}.</source>
        <translation>Benennen Sie die Instanzen, z. B. worker-{{nanoid(10)}}.</translation>
    </message>
    <message>
        <source>A spot deployment needs the most it may pay per node-hour.</source>
        <translation>Ein Spot-Deployment braucht den Höchstpreis, den es pro Knotenstunde zahlen darf.</translation>
    </message>
    <message>
        <source>Created deployment %1.</source>
        <translation>Deployment %1 erstellt.</translation>
    </message>
</context>
<context>
    <name>sfdesk::CreateInstanceWizard</name>
    <message>
        <source>InfiniBand, fabric %1</source>
        <translation>InfiniBand, Fabric %1</translation>
    </message>
    <message>
        <source>&amp;Create</source>
        <translation>&amp;Erstellen</translation>
    </message>
    <message>
        <source>Before you create</source>
        <translation>Bevor Sie anlegen</translation>
    </message>
    <message>
        <source>None (you will not be able to log in)</source>
        <translation>Keine (Sie können sich nicht anmelden)</translation>
    </message>
    <message>
        <source>From a file</source>
        <translation>Aus einer Datei</translation>
    </message>
    <message>
        <source>From the Cloud-init editor</source>
        <translation>Aus dem Cloud-init-Editor</translation>
    </message>
    <message>
        <source>Cloud-init User Data</source>
        <translation>Cloud-init-Benutzerdaten</translation>
    </message>
    <message>
        <source>Cloud-init (*.yaml *.yml *.sh *.txt);;All files (*)</source>
        <translation>Cloud-init (*.yaml *.yml *.sh *.txt);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n instance(s))</source>
        <translation>
            <numerusform>%1 (%n Instanz)</numerusform>
            <numerusform>%1 (%n Instanzen)</numerusform>
        </translation>
    </message>
    <message>
        <source>This workspace has no pools. Instances run in a pool: create one on the Pools page, or cancel and choose another workspace.</source>
        <translation>Dieser Arbeitsbereich hat keine Pools. Instanzen laufen in einem Pool: Legen Sie auf der Seite Pools einen an, oder brechen Sie ab und wählen Sie einen anderen Arbeitsbereich.</translation>
    </message>
    <message>
        <source>Choose a pool, a SKU and an image.</source>
        <translation>Wählen Sie einen Pool, eine SKU und ein Image.</translation>
    </message>
    <message>
        <source>InfiniBand SKU: the next steps let you attach the instances to a partition on fabric %1.</source>
        <translation>InfiniBand-SKU: In den nächsten Schritten verbinden Sie die Instanzen mit einer Partition auf Fabric %1.</translation>
    </message>
    <message>
        <source>InfiniBand SKU. Enrol in the InfiniBand preview (InfiniBand Partitions view) to attach instances to a partition; without one they have no InfiniBand.</source>
        <translation>InfiniBand-SKU. Melden Sie sich für die InfiniBand-Vorschau an (Ansicht „InfiniBand-Partitionen“), um Instanzen mit einer Partition zu verbinden; ohne Partition haben sie kein InfiniBand.</translation>
    </message>
    <message>
        <source>No InfiniBand on this SKU (RDMA: %1).</source>
        <translation>Kein InfiniBand auf dieser SKU (RDMA: %1).</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: %2</source>
        <translation>„%1“: %2</translation>
    </message>
    <message>
        <source>Leave empty and the server picks a name.</source>
        <translation>Leer lassen, dann wählt der Server einen Namen.</translation>
    </message>
    <message numerus="yes">
        <source>Creates %n instance(s): %1</source>
        <translation>
            <numerusform>Erstellt %n Instanz: %1</numerusform>
            <numerusform>Erstellt %n Instanzen: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a cloud-init file.</source>
        <translation>Wählen Sie eine Cloud-init-Datei.</translation>
    </message>
    <message>
        <source>No such file.</source>
        <translation>Datei nicht gefunden.</translation>
    </message>
    <message>
        <source>Cannot read the file: %1</source>
        <translation>Die Datei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Checking the text of %1…</source>
        <translation>Der Text von %1 wird geprüft…</translation>
    </message>
    <message>
        <source>The Cloud-init editor is empty.</source>
        <translation>Der Cloud-init-Editor ist leer.</translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation>Zeile %1: %2</translation>
    </message>
    <message>
        <source>The editor&apos;s text is not valid user data.</source>
        <translation>Der Text im Editor sind keine gültigen Benutzerdaten.</translation>
    </message>
    <message>
        <source>Without user data you cannot log in: public images ship without a password or SSH key. Add your SSH public key with a cloud-init file or the Cloud-init editor.</source>
        <translation>Ohne Benutzerdaten können Sie sich nicht anmelden: Öffentliche Images haben weder Passwort noch SSH-Schlüssel. Fügen Sie Ihren öffentlichen SSH-Schlüssel mit einer Cloud-init-Datei oder dem Cloud-init-Editor hinzu.</translation>
    </message>
    <message>
        <source>%1 bytes of user data.</source>
        <translation>%1 Bytes Benutzerdaten.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not valid&lt;/b&gt; (%1). %2. Fix it in the Cloud-init section.</source>
        <translation>&lt;b&gt;Ungültig&lt;/b&gt; (%1). %2. Beheben Sie es im Bereich Cloud-init.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not valid&lt;/b&gt; (%1, %2 errors). First: %3. Fix them in the Cloud-init section.</source>
        <translation>&lt;b&gt;Ungültig&lt;/b&gt; (%1, %2 Fehler). Erster: %3. Beheben Sie sie im Bereich Cloud-init.</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>Zeile %1: %2</translation>
    </message>
    <message>
        <source>with a warning: %1</source>
        <translation>mit einer Warnung: %1</translation>
    </message>
    <message>
        <source>with %1 warnings; first: %2</source>
        <translation>mit %1 Warnungen; erste: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Valid&lt;/b&gt;, %1 bytes from %2, %3.</source>
        <translation>&lt;b&gt;Gültig&lt;/b&gt;, %1 Bytes aus %2, %3.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Valid&lt;/b&gt;: %1 bytes from %2.</source>
        <translation>&lt;b&gt;Gültig&lt;/b&gt;: %1 Bytes aus %2.</translation>
    </message>
    <message>
        <source>Image &quot;%1&quot; is not one of the InfiniBand images (ubuntu-24.04-cuda-13.x): instances booted from it may not bring up their InfiniBand port.</source>
        <translation>Abbild „%1“ ist keines der InfiniBand-Abbilder (ubuntu-24.04-cuda-13.x): Damit gestartete Instanzen bringen ihren InfiniBand-Port womöglich nicht hoch.</translation>
    </message>
    <message numerus="yes">
        <source>Pool &quot;%1&quot; has %2 free node(s) of %3 now, for %n instance(s): the others wait for allocation until the pool owns more (buy them on the Reservations page).</source>
        <translation>
            <numerusform>Pool „%1“ hat jetzt %2 freie(n) Knoten von %3, für %n Instanz: Die übrigen warten auf Zuteilung, bis der Pool mehr besitzt (kaufen Sie sie auf der Seite Reservierungen).</numerusform>
            <numerusform>Pool „%1“ hat jetzt %2 freie(n) Knoten von %3, für %n Instanzen: Die übrigen warten auf Zuteilung, bis der Pool mehr besitzt (kaufen Sie sie auf der Seite Reservierungen).</numerusform>
        </translation>
    </message>
    <message>
        <source>Without a partition these instances have no InfiniBand connectivity, even though the SKU supports it. Membership cannot be added later: you would have to terminate and create them again.</source>
        <translation>Ohne Partition haben diese Instanzen keine InfiniBand-Verbindung, obwohl die SKU sie unterstützt. Die Mitgliedschaft lässt sich später nicht hinzufügen: Sie müssten die Instanzen beenden und neu erstellen.</translation>
    </message>
    <message>
        <source>Workspace &quot;%1&quot; has no partition on fabric %2 yet: create one.</source>
        <translation>Arbeitsbereich „%1“ hat noch keine Partition auf Fabric %2: Erstellen Sie eine.</translation>
    </message>
    <message>
        <source>Partitions of workspace &quot;%1&quot; on fabric %2, the fabric of this SKU.</source>
        <translation>Partitionen des Arbeitsbereichs „%1“ auf Fabric %2, der Fabric dieser SKU.</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>&amp;Weiter &gt;</translation>
    </message>
    <message>
        <source>Save the user data to get the sf command.</source>
        <translation>Speichern Sie die Benutzerdaten, um den sf-Befehl zu erhalten.</translation>
    </message>
    <message>
        <source>Save User Data and Copy sf &amp;Command…</source>
        <translation>Benutzerdaten speichern und sf-&amp;Befehl kopieren…</translation>
    </message>
    <message>
        <source>Copy as sf &amp;command</source>
        <translation>Als sf-&amp;Befehl kopieren</translation>
    </message>
    <message>
        <source>Save User Data</source>
        <translation>Benutzerdaten speichern</translation>
    </message>
    <message>
        <source>Cloud-config (*.yaml *.yml);;All files (*)</source>
        <translation>Cloud-config (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>(named by the server)</source>
        <translation>(vom Server benannt)</translation>
    </message>
    <message>
        <source>Creating…</source>
        <translation>Wird erstellt…</translation>
    </message>
    <message numerus="yes">
        <source>Created %n instance(s)</source>
        <translation>
            <numerusform>%n Instanz erstellt</numerusform>
            <numerusform>%n Instanzen erstellt</numerusform>
        </translation>
    </message>
    <message>
        <source>Created %1 of %2 instances</source>
        <translation>%1 von %2 Instanzen erstellt</translation>
    </message>
    <message>
        <source>Created %1, %2</source>
        <translation>Erstellt: %1, %2</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Whether it was created is not known: the instance may exist all the same. Look in Instances before you create it again.</source>
        <translation>Ob sie erstellt wurde, ist nicht bekannt: Die Instanz kann trotzdem entstanden sein. Sehen Sie unter Instanzen nach, bevor Sie sie noch einmal erstellen.</translation>
    </message>
    <message>
        <source>%1 bytes: user data may be at most 64 KiB in base64 as it is sent, 48 KiB of data.</source>
        <translation>%1 Bytes: Benutzerdaten dürfen Base64-kodiert, wie sie gesendet werden, höchstens 64 KiB groß sein, also 48 KiB Daten.</translation>
    </message>
</context>
<context>
    <name>sfdesk::CreatePartitionDialog</name>
    <message>
        <source>&amp;Create Partition</source>
        <translation>Partition &amp;erstellen</translation>
    </message>
    <message>
        <source>(no SKUs on this fabric yet)</source>
        <translation>(noch keine SKUs auf dieser Fabric)</translation>
    </message>
    <message>
        <source>%1 (its ID is not known yet: creating waits until the account&apos;s workspaces are read)</source>
        <translation>%1 (die ID ist noch nicht bekannt: Das Anlegen wartet, bis die Workspaces des Kontos gelesen sind)</translation>
    </message>
    <message>
        <source>Workspace &quot;%1&quot; already has a partition named &quot;%2&quot; (names are unique across all fabrics).</source>
        <translation>Arbeitsbereich „%1“ hat bereits eine Partition namens „%2“ (Namen sind über alle Fabrics hinweg eindeutig).</translation>
    </message>
    <message>
        <source>The InfiniBand fabrics are not known yet. They show here once they are read.</source>
        <translation>Die InfiniBand-Fabrics sind noch nicht bekannt. Sie erscheinen hier, sobald sie gelesen sind.</translation>
    </message>
    <message>
        <source>This zone has one fabric: %1.</source>
        <translation>Diese Zone hat eine Fabric: %1.</translation>
    </message>
    <message numerus="yes">
        <source>This zone has %n fabrics (%1): a region and zone cannot say which one. Pick the fabric of your SKU above.</source>
        <translation>
            <numerusform>Diese Zone hat %n Fabric (%1): Region und Zone legen nicht fest, welche gemeint ist. Wählen Sie oben die Fabric Ihrer SKU.</numerusform>
            <numerusform>Diese Zone hat %n Fabrics (%1): Region und Zone legen nicht fest, welche gemeint ist. Wählen Sie oben die Fabric Ihrer SKU.</numerusform>
        </translation>
    </message>
    <message>
        <source>No InfiniBand fabric is known in this zone.</source>
        <translation>In dieser Zone ist keine InfiniBand-Fabric bekannt.</translation>
    </message>
    <message>
        <source>Choose a fabric, or a region and zone, for the sf command.</source>
        <translation>Wählen Sie eine Fabric oder eine Region und Zone für den sf-Befehl.</translation>
    </message>
    <message>
        <source>Created partition %1 on %2.</source>
        <translation>Partition %1 auf %2 erstellt.</translation>
    </message>
</context>
<context>
    <name>sfdesk::DBusNotifier</name>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Buy…</source>
        <translation>Kaufen…</translation>
    </message>
</context>
<context>
    <name>sfdesk::DeleteBlockersDialog</name>
    <message>
        <source>What blocks the deletion</source>
        <translation>Was das Löschen verhindert</translation>
    </message>
    <message>
        <source>Terminates the checked instances after asking once, naming them</source>
        <translation>Beendet die markierten Instanzen nach einer Rückfrage, die sie nennt</translation>
    </message>
    <message>
        <source>Asks the server to delete the partition again</source>
        <translation>Bittet den Server erneut, die Partition zu löschen</translation>
    </message>
    <message>
        <source>&amp;Delete Again</source>
        <translation>Erneut &amp;löschen</translation>
    </message>
    <message>
        <source>Partition &quot;%1&quot; cannot be deleted yet: %2 Every instance attached to it has to be terminated, and each terminated instance&apos;s node has to release the partition.</source>
        <translation>Partition „%1“ kann noch nicht gelöscht werden: %2 Jede verbundene Instanz muss beendet sein, und der Knoten jeder beendeten Instanz muss die Partition freigeben.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Not readable with this token</source>
        <translation>Mit diesem Token nicht lesbar</translation>
    </message>
    <message numerus="yes">
        <source>Ask someone with access to workspace &quot;%1&quot; to terminate them</source>
        <translation>
            <numerusform>Bitten Sie jemanden mit Zugriff auf den Arbeitsbereich „%1“, sie zu beenden</numerusform>
            <numerusform>Bitten Sie jemanden mit Zugriff auf den Arbeitsbereich „%1“, sie zu beenden</numerusform>
        </translation>
    </message>
    <message>
        <source>Reported by the server</source>
        <translation>Vom Server gemeldet</translation>
    </message>
    <message>
        <source>See the server&apos;s message</source>
        <translation>Siehe die Meldung des Servers</translation>
    </message>
    <message>
        <source>Released</source>
        <translation>Freigegeben</translation>
    </message>
    <message>
        <source>Nothing to do: it no longer blocks the deletion</source>
        <translation>Nichts zu tun: sie verhindert das Löschen nicht mehr</translation>
    </message>
    <message>
        <source>Terminating…</source>
        <translation>Wird beendet…</translation>
    </message>
    <message>
        <source>Wait for it to terminate</source>
        <translation>Warten, bis sie beendet ist</translation>
    </message>
    <message>
        <source>Terminated: wait for its node to release the partition</source>
        <translation>Beendet: Warten Sie, bis ihr Knoten die Partition freigibt</translation>
    </message>
    <message>
        <source>Terminated, not yet released</source>
        <translation>Beendet, noch nicht freigegeben</translation>
    </message>
    <message>
        <source>Already terminated: wait for its node to release the partition</source>
        <translation>Bereits beendet: Warten Sie, bis ihr Knoten die Partition freigibt</translation>
    </message>
    <message>
        <source>Attached</source>
        <translation>Verbunden</translation>
    </message>
    <message>
        <source>Terminate it</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Could not terminate: %1</source>
        <translation>Beenden fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>&amp;Delete Partition</source>
        <translation>Partition &amp;löschen</translation>
    </message>
    <message numerus="yes">
        <source>Your instances have released the partition; %n instance(s) you cannot read may still block it. Try the delete again.</source>
        <translation>
            <numerusform>Ihre Instanzen haben die Partition freigegeben; %n Instanz, die Sie nicht lesen können, kann sie noch blockieren. Versuchen Sie das Löschen erneut.</numerusform>
            <numerusform>Ihre Instanzen haben die Partition freigegeben; %n Instanzen, die Sie nicht lesen können, können sie noch blockieren. Versuchen Sie das Löschen erneut.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing blocks the deletion any more: delete partition &quot;%1&quot; now.</source>
        <translation>Nichts verhindert das Löschen mehr: Partition „%1“ jetzt löschen.</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Terminate %n Instance(s)…</source>
        <translation>
            <numerusform>%n Instanz &amp;beenden…</numerusform>
            <numerusform>%n Instanzen &amp;beenden…</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Terminate Checked Instances</source>
        <translation>Markierte Instanzen &amp;beenden</translation>
    </message>
    <message numerus="yes">
        <source>Terminate %n instance(s) attached to partition &quot;%1&quot;: %2? Terminated instances cannot be started again; their nodes then release the partition.</source>
        <translation>
            <numerusform>%n Instanz der Partition „%1“ beenden: %2? Beendete Instanzen lassen sich nicht wieder starten; ihre Knoten geben danach die Partition frei.</numerusform>
            <numerusform>%n Instanzen der Partition „%1“ beenden: %2? Beendete Instanzen lassen sich nicht wieder starten; ihre Knoten geben danach die Partition frei.</numerusform>
        </translation>
    </message>
    <message>
        <source>Terminate Instances</source>
        <translation>Instanzen beenden</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Terminate %n Instance(s)</source>
        <translation>
            <numerusform>%n Instanz &amp;beenden</numerusform>
            <numerusform>%n Instanzen &amp;beenden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminating %n instance(s)…</source>
        <translation>
            <numerusform>%n Instanz wird beendet…</numerusform>
            <numerusform>%n Instanzen werden beendet…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminated %1 of %n instance(s)…</source>
        <translation>
            <numerusform>%1 von %n Instanz beendet…</numerusform>
            <numerusform>%1 von %n Instanzen beendet…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminated %n instance(s). Waiting for their nodes to release the partition.</source>
        <translation>
            <numerusform>%n Instanz beendet. Warten, bis ihr Knoten die Partition freigibt.</numerusform>
            <numerusform>%n Instanzen beendet. Warten, bis ihre Knoten die Partition freigeben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminated %1 of %n instance(s); the others could not be terminated (see their rows).</source>
        <translation>
            <numerusform>%1 von %n Instanz beendet; die anderen ließen sich nicht beenden (siehe ihre Zeilen).</numerusform>
            <numerusform>%1 von %n Instanzen beendet; die anderen ließen sich nicht beenden (siehe ihre Zeilen).</numerusform>
        </translation>
    </message>
    <message>
        <source>Deleting partition &quot;%1&quot;…</source>
        <translation>Partition „%1“ wird gelöscht…</translation>
    </message>
    <message>
        <source>Deleted partition %1.</source>
        <translation>Partition %1 gelöscht.</translation>
    </message>
    <message>
        <source>Partition %1 is deleted.</source>
        <translation>Partition %1 ist gelöscht.</translation>
    </message>
    <message>
        <source>Still blocked.</source>
        <translation>Weiterhin blockiert.</translation>
    </message>
</context>
<context>
    <name>sfdesk::DeploymentModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Laufend</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>Partition</translation>
    </message>
    <message>
        <source>Max Price</source>
        <translation>Höchstpreis</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>Spot</translation>
    </message>
    <message>
        <source>Generic</source>
        <translation>Generisch</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Pausiert</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
</context>
<context>
    <name>sfdesk::DeploymentsPage</name>
    <message>
        <source>Deployments and instance templates</source>
        <translation>Deployments und Instanzvorlagen</translation>
    </message>
    <message>
        <source>Deplo&amp;yments</source>
        <translation>Deplo&amp;yments</translation>
    </message>
    <message>
        <source>Instance Te&amp;mplates</source>
        <translation>Instanzvorla&amp;gen</translation>
    </message>
</context>
<context>
    <name>sfdesk::DeploymentsView</name>
    <message>
        <source>D&amp;eployments</source>
        <translation>D&amp;eployments</translation>
    </message>
    <message>
        <source>Loading deployments</source>
        <translation>Deployments werden geladen</translation>
    </message>
    <message>
        <source>No deployments here. A deployment keeps instances of a template running in a pool: save a template from the Cloud-init editor, then create one with New Deployment.</source>
        <translation>Hier gibt es keine Deployments. Ein Deployment hält Instanzen einer Vorlage in einem Pool am Laufen: Speichern Sie eine Vorlage aus dem Cloud-init-Editor und erstellen Sie dann eines mit Neues Deployment.</translation>
    </message>
    <message>
        <source>Sc&amp;ale</source>
        <translation>Ska&amp;lieren</translation>
    </message>
    <message>
        <source>&amp;New Deployment…</source>
        <translation>&amp;Neues Deployment…</translation>
    </message>
    <message>
        <source>&amp;One More Instance</source>
        <translation>&amp;Eine Instanz mehr</translation>
    </message>
    <message>
        <source>One &amp;Fewer Instance</source>
        <translation>Eine Instanz &amp;weniger</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pausieren</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>Show &amp;Instances</source>
        <translation>&amp;Instanzen zeigen</translation>
    </message>
    <message>
        <source>Deployment details</source>
        <translation>Details des Deployments</translation>
    </message>
    <message>
        <source>Target instances</source>
        <translation>Zielanzahl an Instanzen</translation>
    </message>
    <message>
        <source>Enter scales the deployment to this number</source>
        <translation>Die Eingabetaste skaliert das Deployment auf diese Zahl</translation>
    </message>
    <message>
        <source>Scales the deployment to the number of instances (+ and − in the list add or take one)</source>
        <translation>Skaliert das Deployment auf die Zahl der Instanzen (+ und − in der Liste fügen eine hinzu oder nehmen eine weg)</translation>
    </message>
    <message>
        <source>Instances of the deployment</source>
        <translation>Instanzen des Deployments</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>&amp;Neu…</translation>
    </message>
    <message>
        <source>Deployments</source>
        <translation>Deployments</translation>
    </message>
    <message>
        <source>Target in&amp;stances:</source>
        <translation>Ziel&amp;instanzen:</translation>
    </message>
    <message>
        <source>Its instances:</source>
        <translation>Seine Instanzen:</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Resumes the deployment: it keeps its target number of instances running again</source>
        <translation>Setzt das Deployment fort: es hält seine Zielanzahl an Instanzen wieder am Laufen</translation>
    </message>
    <message>
        <source>Pauses the deployment: it neither starts nor stops instances until resumed; those running go on</source>
        <translation>Pausiert das Deployment: bis zum Fortsetzen startet und beendet es keine Instanzen; laufende laufen weiter</translation>
    </message>
    <message>
        <source>Select a deployment to see its details and its instances.</source>
        <translation>Wählen Sie ein Deployment, um seine Details und seine Instanzen zu sehen.</translation>
    </message>
    <message>
        <source>%1 · %2 deployment · %3</source>
        <translation>%1 · %2-Deployment · %3</translation>
    </message>
    <message>
        <source>Template %1 in pool %2, SKU %3</source>
        <translation>Vorlage %1 im Pool %2, SKU %3</translation>
    </message>
    <message>
        <source>Instances join InfiniBand partition %1</source>
        <translation>Instanzen treten der InfiniBand-Partition %1 bei</translation>
    </message>
    <message>
        <source>Instance names: %1</source>
        <translation>Instanznamen: %1</translation>
    </message>
    <message>
        <source>Buys nodes at up to %1</source>
        <translation>Kauft Knoten für bis zu %1</translation>
    </message>
    <message numerus="yes">
        <source>Running: %1 of %n instance(s)</source>
        <translation>
            <numerusform>Laufend: %1 von %n Instanz</numerusform>
            <numerusform>Laufend: %1 von %n Instanzen</numerusform>
        </translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation>Status: %1</translation>
    </message>
    <message>
        <source>Status: %1 (%2)</source>
        <translation>Status: %1 (%2)</translation>
    </message>
    <message>
        <source>%1 — %2, priority %3</source>
        <translation>%1 — %2, Priorität %3</translation>
    </message>
    <message>
        <source>None running</source>
        <translation>Keine laufend</translation>
    </message>
    <message>
        <source>Deployment %1: %2</source>
        <translation>Deployment %1: %2</translation>
    </message>
    <message>
        <source>Deployment %1 was not changed (%2): %3</source>
        <translation>Deployment %1 wurde nicht geändert (%2): %3</translation>
    </message>
    <message>
        <source>Changing deployment %1</source>
        <translation>Ändern des Deployments %1</translation>
    </message>
    <message numerus="yes">
        <source>scale to %n instance(s)</source>
        <translation>
            <numerusform>auf %n Instanz skalieren</numerusform>
            <numerusform>auf %n Instanzen skalieren</numerusform>
        </translation>
    </message>
    <message>
        <source>pause</source>
        <translation>pausieren</translation>
    </message>
    <message>
        <source>resume</source>
        <translation>fortsetzen</translation>
    </message>
    <message>
        <source>Delete deployment &quot;%1&quot;? It runs no instances now.</source>
        <translation>Deployment „%1“ löschen? Es betreibt derzeit keine Instanzen.</translation>
    </message>
    <message numerus="yes">
        <source>Delete deployment &quot;%1&quot;? Its %n instance(s) will be terminated: %2.</source>
        <translation>
            <numerusform>Deployment „%1“ löschen? Seine %n Instanz wird beendet: %2.</numerusform>
            <numerusform>Deployment „%1“ löschen? Seine %n Instanzen werden beendet: %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete Deployment</source>
        <translation>Deployment löschen</translation>
    </message>
    <message>
        <source>&amp;Delete Deployment</source>
        <translation>Deployment &amp;löschen</translation>
    </message>
    <message>
        <source>Deleted deployment %1.</source>
        <translation>Deployment %1 gelöscht.</translation>
    </message>
    <message>
        <source>Deployment &quot;%1&quot; was not deleted: %2</source>
        <translation>Deployment „%1“ wurde nicht gelöscht: %2</translation>
    </message>
    <message>
        <source>Deleting deployment %1</source>
        <translation>Löschen des Deployments %1</translation>
    </message>
    <message>
        <source>Copy as sf command: scale</source>
        <translation>Als sf-Befehl kopieren: scale</translation>
    </message>
    <message>
        <source>Copy as sf command: pause</source>
        <translation>Als sf-Befehl kopieren: pause</translation>
    </message>
    <message>
        <source>Copy as sf command: resume</source>
        <translation>Als sf-Befehl kopieren: resume</translation>
    </message>
    <message>
        <source>Copy as sf command: delete</source>
        <translation>Als sf-Befehl kopieren: delete</translation>
    </message>
</context>
<context>
    <name>sfdesk::DepthChart</name>
    <message>
        <source>Market depth</source>
        <translation>Markttiefe</translation>
    </message>
    <message>
        <source>Choose a SKU to see the market&apos;s depth.</source>
        <translation>Wählen Sie eine SKU, um die Markttiefe zu sehen.</translation>
    </message>
    <message>
        <source>Nobody offers or bids on this window.</source>
        <translation>Für dieses Zeitfenster gibt es weder Angebote noch Gebote.</translation>
    </message>
    <message numerus="yes">
        <source>Best ask %1 for %n node(s).</source>
        <translation>
            <numerusform>Bestes Angebot %1 für %n Knoten.</numerusform>
            <numerusform>Bestes Angebot %1 für %n Knoten.</numerusform>
        </translation>
    </message>
    <message>
        <source>No asks.</source>
        <translation>Keine Angebote.</translation>
    </message>
    <message numerus="yes">
        <source>Best bid %1 for %n node(s).</source>
        <translation>
            <numerusform>Bestes Gebot %1 für %n Knoten.</numerusform>
            <numerusform>Bestes Gebot %1 für %n Knoten.</numerusform>
        </translation>
    </message>
    <message>
        <source>No bids.</source>
        <translation>Keine Gebote.</translation>
    </message>
    <message numerus="yes">
        <source>%n ask level(s) with %1 nodes in all,</source>
        <translation>
            <numerusform>%n Angebotsstufe mit insgesamt %1 Knoten,</numerusform>
            <numerusform>%n Angebotsstufen mit insgesamt %1 Knoten,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bid level(s) with %1 nodes in all.</source>
        <translation>
            <numerusform>%n Gebotsstufe mit insgesamt %1 Knoten.</numerusform>
            <numerusform>%n Gebotsstufen mit insgesamt %1 Knoten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your %1 at %2: %n node(s).</source>
        <translation>
            <numerusform>Ihr %1 zu %2: %n Knoten.</numerusform>
            <numerusform>Ihr %1 zu %2: %n Knoten.</numerusform>
        </translation>
    </message>
    <message>
        <source>sell</source>
        <translation>Verkauf</translation>
    </message>
    <message>
        <source>buy</source>
        <translation>Kauf</translation>
    </message>
    <message>
        <source>you</source>
        <translation>Sie</translation>
    </message>
</context>
<context>
    <name>sfdesk::EmbeddedSimulator</name>
    <message>
        <source>The local simulator started without a token to sign in with.</source>
        <translation>Der lokale Simulator wurde ohne ein Token zum Anmelden gestartet.</translation>
    </message>
    <message>
        <source>Another sfdesk window (process %1) has the local simulator open: use that window, or close it and start sfdesk again.</source>
        <translation>Ein anderes sfdesk-Fenster (Prozess %1) hat den lokalen Simulator geöffnet: Verwenden Sie jenes Fenster, oder schließen Sie es und starten Sie sfdesk erneut.</translation>
    </message>
    <message>
        <source>The local simulator cannot start: its module %1 could not be loaded. %2</source>
        <translation>Der lokale Simulator kann nicht starten: Sein Modul %1 konnte nicht geladen werden. %2</translation>
    </message>
    <message>
        <source>The local simulator cannot start: %1 is not its module. %2</source>
        <translation>Der lokale Simulator kann nicht starten: %1 ist nicht sein Modul. %2</translation>
    </message>
    <message>
        <source>The local simulator cannot start: its module %1 is of another version of sfdesk.</source>
        <translation>Der lokale Simulator kann nicht starten: Sein Modul %1 gehört zu einer anderen Version von sfdesk.</translation>
    </message>
</context>
<context>
    <name>sfdesk::FabricModel</name>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <source>SKUs</source>
        <translation>SKUs</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
</context>
<context>
    <name>sfdesk::FillsChart</name>
    <message>
        <source>Recent fills</source>
        <translation>Letzte Abschlüsse</translation>
    </message>
    <message>
        <source>Choose a SKU to see its recent fills.</source>
        <translation>Wählen Sie eine SKU, um ihre letzten Abschlüsse zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>No fills in the last %n day(s).</source>
        <translation>
            <numerusform>Keine Abschlüsse am letzten Tag.</numerusform>
            <numerusform>Keine Abschlüsse in den letzten %n Tagen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fill(s) since %1, from %2 to %3 per node-hour, %4 nodes in all.</source>
        <translation>
            <numerusform>%n Abschluss seit %1, von %2 bis %3 pro Knotenstunde, insgesamt %4 Knoten.</numerusform>
            <numerusform>%n Abschlüsse seit %1, von %2 bis %3 pro Knotenstunde, insgesamt %4 Knoten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Latest: %1 for %n node(s) at %2.</source>
        <translation>
            <numerusform>Zuletzt: %1 für %n Knoten am %2.</numerusform>
            <numerusform>Zuletzt: %1 für %n Knoten am %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 per node-hour for %n node(s), filled %2</source>
        <translation>
            <numerusform>%1 pro Knotenstunde für %n Knoten, abgeschlossen %2</numerusform>
            <numerusform>%1 pro Knotenstunde für %n Knoten, abgeschlossen %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(the mean of %n trade(s) made together)</source>
        <translation>
            <numerusform>(Mittelwert von %n zusammen abgeschlossenen Geschäft)</numerusform>
            <numerusform>(Mittelwert von %n zusammen abgeschlossenen Geschäften)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ImageModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Visibility</source>
        <translation>Sichtbarkeit</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Public</source>
        <translation>Öffentlich</translation>
    </message>
    <message>
        <source>Private</source>
        <translation>Privat</translation>
    </message>
</context>
<context>
    <name>sfdesk::ImageUpload</name>
    <message>
        <source>Not connected to a server.</source>
        <translation>Mit keinem Server verbunden.</translation>
    </message>
    <message>
        <source>The image could not be created: %1</source>
        <translation>Das Image konnte nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>The file %1 can no longer be read.</source>
        <translation>Die Datei %1 ist nicht mehr lesbar.</translation>
    </message>
    <message>
        <source>The file %1 changed since the upload began; cancel this upload and start a new one.</source>
        <translation>Die Datei %1 hat sich seit Beginn des Hochladens geändert; brechen Sie dieses Hochladen ab und beginnen Sie ein neues.</translation>
    </message>
    <message>
        <source>The file %1 could not be read: %2</source>
        <translation>Die Datei %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The server gave an upload address the app does not send files to: %1</source>
        <translation>Der Server nannte eine Adresse zum Hochladen, an die die App keine Dateien sendet: %1</translation>
    </message>
    <message numerus="yes">
        <source>Part %1 of %2 could not be uploaded (%n attempt(s)): %3</source>
        <translation>
            <numerusform>Teil %1 von %2 konnte nicht hochgeladen werden (%n Versuch): %3</numerusform>
            <numerusform>Teil %1 von %2 konnte nicht hochgeladen werden (%n Versuche): %3</numerusform>
        </translation>
    </message>
    <message>
        <source>The server did not accept the upload: %1</source>
        <translation>Der Server hat das Hochgeladene nicht angenommen: %1</translation>
    </message>
</context>
<context>
    <name>sfdesk::ImageUploads</name>
    <message>
        <source>The record of unfinished image uploads (%1) could not be read; it was moved to %2.</source>
        <translation>Die Aufzeichnung unfertiger Image-Uploads (%1) war nicht lesbar; sie wurde nach %2 verschoben.</translation>
    </message>
    <message numerus="yes">
        <source>Interrupted: %n of %1 part(s) uploaded. Resume to send the rest.</source>
        <translation>
            <numerusform>Unterbrochen: %n von %1 Teilen hochgeladen. Fortsetzen sendet den Rest.</numerusform>
            <numerusform>Unterbrochen: %n von %1 Teilen hochgeladen. Fortsetzen sendet den Rest.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not connected to a server.</source>
        <translation>Mit keinem Server verbunden.</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 ist nicht lesbar: %2</translation>
    </message>
    <message>
        <source>there is no such file</source>
        <translation>diese Datei gibt es nicht</translation>
    </message>
    <message>
        <source>%1 has %2 bytes; an image has at most 128 GiB.</source>
        <translation>%1 hat %2 Bytes; ein Image hat höchstens 128 GiB.</translation>
    </message>
    <message>
        <source>Paused.</source>
        <translation>Angehalten.</translation>
    </message>
</context>
<context>
    <name>sfdesk::ImageUploadsPanel</name>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Ca&amp;ncel Upload…</source>
        <translation>Hochladen a&amp;bbrechen…</translation>
    </message>
    <message>
        <source>Cancel Upload</source>
        <translation>Hochladen abbrechen</translation>
    </message>
    <message>
        <source>Stop uploading %1?</source>
        <translation>Das Hochladen von %1 beenden?</translation>
    </message>
    <message>
        <source>Stop uploading %1 and delete image %2 (%3) with the parts already uploaded?</source>
        <translation>Das Hochladen von %1 beenden und das Image %2 (%3) mit den schon hochgeladenen Teilen löschen?</translation>
    </message>
    <message>
        <source>Cancel &amp;Upload</source>
        <translation>Hochladen a&amp;bbrechen</translation>
    </message>
    <message>
        <source>Image %1 from %2 (%3)</source>
        <translation>Image %1 aus %2 (%3)</translation>
    </message>
    <message>
        <source>%1 of %2 (%3%)</source>
        <translation>%1 von %2 (%3 %)</translation>
    </message>
    <message>
        <source>Upload of %1</source>
        <translation>Hochladen von %1</translation>
    </message>
    <message>
        <source>Creating the image…</source>
        <translation>Das Image wird angelegt…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Beginnt…</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>noch etwa %1</translation>
    </message>
    <message>
        <source>SHA-256 %1%</source>
        <translation>SHA-256 %1 %</translation>
    </message>
    <message>
        <source>All parts are in; SF Compute checks the SHA-256…</source>
        <translation>Alle Teile sind da; SF Compute prüft die SHA-256…</translation>
    </message>
    <message>
        <source>Pause the upload of %1</source>
        <translation>Das Hochladen von %1 anhalten</translation>
    </message>
    <message>
        <source>Resume the upload of %1</source>
        <translation>Das Hochladen von %1 fortsetzen</translation>
    </message>
    <message>
        <source>Cancel the upload of %1</source>
        <translation>Das Hochladen von %1 abbrechen</translation>
    </message>
</context>
<context>
    <name>sfdesk::ImagesView</name>
    <message>
        <source>The Ubuntu images with CUDA 13.1 or 13.2 ship the InfiniBand stack (DOCA-OFED, perftest, nvidia-peermem); other images and older builds do not.</source>
        <translation>Die Ubuntu-Images mit CUDA 13.1 oder 13.2 enthalten den InfiniBand-Stack (DOCA-OFED, perftest, nvidia-peermem); andere Images und ältere Builds nicht.</translation>
    </message>
    <message>
        <source>Loading images</source>
        <translation>Images werden geladen</translation>
    </message>
    <message>
        <source>No images in this workspace, and no public images.</source>
        <translation>Keine Images in diesem Arbeitsbereich und keine öffentlichen Images.</translation>
    </message>
    <message>
        <source>I&amp;mages</source>
        <translation>I&amp;mages</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>Images</translation>
    </message>
    <message>
        <source>&amp;Upload Image…</source>
        <translation>Image &amp;hochladen…</translation>
    </message>
    <message>
        <source>Re&amp;voke</source>
        <translation>&amp;Sperren</translation>
    </message>
    <message>
        <source>Rei&amp;nstate</source>
        <translation>&amp;Freigeben</translation>
    </message>
    <message>
        <source>Copy Do&amp;wnload Link</source>
        <translation>Do&amp;wnload-Link kopieren</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>Upload a disk image into this workspace, in parts, resumable</source>
        <translation>Ein Festplattenimage in diesen Arbeitsbereich hochladen, in Teilen, fortsetzbar</translation>
    </message>
    <message>
        <source>No new instance starts from a revoked image; running ones keep running</source>
        <translation>Von einem gesperrten Image startet keine neue Instanz; laufende laufen weiter</translation>
    </message>
    <message>
        <source>Copy a link that downloads the image until it expires</source>
        <translation>Einen Link kopieren, der das Image herunterlädt, bis er abläuft</translation>
    </message>
    <message>
        <source>Upload of %1 cancelled; its partial image is deleted.</source>
        <translation>Hochladen von %1 abgebrochen; das unfertige Image wird gelöscht.</translation>
    </message>
    <message>
        <source>Uploaded image %1; SF Compute checked its SHA-256 (%2).</source>
        <translation>Image %1 hochgeladen; SF Compute hat seine SHA-256 geprüft (%2).</translation>
    </message>
    <message>
        <source>Uploaded image %1.</source>
        <translation>Image %1 hochgeladen.</translation>
    </message>
    <message>
        <source>The partial image %1 was not deleted: %2</source>
        <translation>Das unfertige Image %1 wurde nicht gelöscht: %2</translation>
    </message>
    <message>
        <source>Deleting image %1</source>
        <translation>Löschen des Images %1</translation>
    </message>
    <message>
        <source>Uploading %1…</source>
        <translation>%1 wird hochgeladen…</translation>
    </message>
    <message>
        <source>Revoked image %1: no new instance starts from it until it is reinstated; instances running from it keep running.</source>
        <translation>Image %1 gesperrt: bis zur Freigabe startet keine neue Instanz davon; Instanzen, die davon laufen, laufen weiter.</translation>
    </message>
    <message>
        <source>Revoked image %1.</source>
        <translation>Image %1 gesperrt.</translation>
    </message>
    <message>
        <source>Image %1 was not revoked: %2</source>
        <translation>Image %1 wurde nicht gesperrt: %2</translation>
    </message>
    <message>
        <source>Revoking image %1</source>
        <translation>Sperren des Images %1</translation>
    </message>
    <message>
        <source>Reinstated image %1: new instances can start from it again.</source>
        <translation>Image %1 freigegeben: neue Instanzen können wieder davon starten.</translation>
    </message>
    <message>
        <source>Reinstated image %1.</source>
        <translation>Image %1 freigegeben.</translation>
    </message>
    <message>
        <source>Image %1 was not reinstated: %2</source>
        <translation>Image %1 wurde nicht freigegeben: %2</translation>
    </message>
    <message>
        <source>Reinstating image %1</source>
        <translation>Freigeben des Images %1</translation>
    </message>
    <message>
        <source>Delete Image</source>
        <translation>Image löschen</translation>
    </message>
    <message>
        <source>Delete image %1 (%2) in workspace %3? SF Compute refuses while an instance runs from it or an instance template refers to it.</source>
        <translation>Image %1 (%2) im Arbeitsbereich %3 löschen? SF Compute lehnt ab, solange eine Instanz davon läuft oder eine Instanzvorlage darauf verweist.</translation>
    </message>
    <message>
        <source>&amp;Delete Image</source>
        <translation>Image &amp;löschen</translation>
    </message>
    <message>
        <source>Deleted image %1.</source>
        <translation>Image %1 gelöscht.</translation>
    </message>
    <message>
        <source>Image %1 was not deleted: %2</source>
        <translation>Image %1 wurde nicht gelöscht: %2</translation>
    </message>
    <message>
        <source>The download link of %1 (%2, SHA-256 %3) is on the clipboard; it expires at %4.</source>
        <translation>Der Download-Link von %1 (%2, SHA-256 %3) ist in der Zwischenablage; er läuft um %4 ab.</translation>
    </message>
    <message>
        <source>Copied the download link of %1; it expires at %2.</source>
        <translation>Download-Link von %1 kopiert; er läuft um %2 ab.</translation>
    </message>
    <message>
        <source>No download link for %1: %2</source>
        <translation>Kein Download-Link für %1: %2</translation>
    </message>
    <message>
        <source>Getting the download link of %1</source>
        <translation>Abrufen des Download-Links von %1</translation>
    </message>
    <message>
        <source>Copy as sf command: get with download link</source>
        <translation>Als sf-Befehl kopieren: get mit Download-Link</translation>
    </message>
    <message>
        <source>Copy as sf command: revoke</source>
        <translation>Als sf-Befehl kopieren: revoke</translation>
    </message>
    <message>
        <source>Copy as sf command: reinstate</source>
        <translation>Als sf-Befehl kopieren: reinstate</translation>
    </message>
    <message>
        <source>Copy as sf command: delete</source>
        <translation>Als sf-Befehl kopieren: delete</translation>
    </message>
</context>
<context>
    <name>sfdesk::InfinibandCheckDialog</name>
    <message>
        <source>Check &amp;Again</source>
        <translation>&amp;Erneut prüfen</translation>
    </message>
    <message>
        <source>InfiniBand Check for %1</source>
        <translation>InfiniBand-Prüfung für %1</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Erneut prüfen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <source>Reading the workers&apos; consoles…</source>
        <translation>Die Konsolen der Worker werden gelesen…</translation>
    </message>
    <message>
        <source>waiting for a node</source>
        <translation>wartet auf einen Knoten</translation>
    </message>
    <message>
        <source>console not readable: %1</source>
        <translation>Konsole nicht lesbar: %1</translation>
    </message>
    <message>
        <source>Could not read the partition&apos;s instances: %1</source>
        <translation>Die Instanzen der Partition konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Nicht aktiv</translation>
    </message>
    <message>
        <source>Not reported yet</source>
        <translation>Noch nicht gemeldet</translation>
    </message>
    <message>
        <source>no ibv_devinfo result in its console yet; a worker reports it about 20 s after it boots</source>
        <translation>noch kein ibv_devinfo-Ergebnis in seiner Konsole; ein Worker meldet es etwa 20 s nach dem Start</translation>
    </message>
    <message>
        <source>No workers in partition %1: create instances into it, then check again.</source>
        <translation>Keine Worker in der Partition %1: Erstellen Sie Instanzen in ihr und prüfen Sie dann erneut.</translation>
    </message>
    <message>
        <source>Partition %1 on fabric %2: %3 active, %4 down, %5 not reported yet.</source>
        <translation>Partition %1 auf der Fabric %2: %3 aktiv, %4 nicht aktiv, %5 noch nicht gemeldet.</translation>
    </message>
</context>
<context>
    <name>sfdesk::InstanceDataDialog</name>
    <message>
        <source>&amp;Sample Data</source>
        <translation>&amp;Beispieldaten</translation>
    </message>
    <message>
        <source>Go back to the sample instance data</source>
        <translation>Zurück zu den Beispiel-Instanzdaten</translation>
    </message>
    <message>
        <source>✓ Valid JSON</source>
        <translation>✓ Gültiges JSON</translation>
    </message>
    <message>
        <source>Not JSON: %1 (at character %2)</source>
        <translation>Kein JSON: %1 (bei Zeichen %2)</translation>
    </message>
    <message>
        <source>The instance data must be a JSON object, such as {&quot;v1&quot;: {...}}.</source>
        <translation>Die Instanzdaten müssen ein JSON-Objekt sein, etwa {&quot;v1&quot;: {...}}.</translation>
    </message>
    <message>
        <source>The instance data was changed. Use the changes before closing?</source>
        <translation>Die Instanzdaten wurden geändert. Die Änderungen vor dem Schließen übernehmen?</translation>
    </message>
    <message>
        <source>The instance data was changed but is not valid JSON, so it cannot be used. Discard the changes?</source>
        <translation>Die Instanzdaten wurden geändert, sind aber kein gültiges JSON und können nicht übernommen werden. Die Änderungen verwerfen?</translation>
    </message>
    <message>
        <source>&amp;Use Changes</source>
        <translation>Änderungen &amp;übernehmen</translation>
    </message>
</context>
<context>
    <name>sfdesk::InstanceModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Image</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>Partition</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Deployment</source>
        <translation>Deployment</translation>
    </message>
    <message>
        <source>Yield</source>
        <translation>Nachrangig</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Preferred</source>
        <translation>Bevorzugt</translation>
    </message>
    <message>
        <source>Critical</source>
        <translation>Kritisch</translation>
    </message>
</context>
<context>
    <name>sfdesk::InstanceTemplateModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Image</translation>
    </message>
    <message>
        <source>Cloud-init</source>
        <translation>Cloud-init</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
</context>
<context>
    <name>sfdesk::InstanceTemplatesView</name>
    <message>
        <source>Instance &amp;Templates</source>
        <translation>Instanz&amp;vorlagen</translation>
    </message>
    <message>
        <source>Loading instance templates</source>
        <translation>Instanzvorlagen werden geladen</translation>
    </message>
    <message>
        <source>No instance templates here. Write the cloud-init in the Cloud-init editor, then choose Cloud-init &gt; Save as Instance Template…</source>
        <translation>Hier gibt es keine Instanzvorlagen. Schreiben Sie die Cloud-init im Cloud-init-Editor und wählen Sie dann Cloud-init &gt; Als Instanzvorlage speichern…</translation>
    </message>
    <message>
        <source>New De&amp;ployment…</source>
        <translation>Neues De&amp;ployment…</translation>
    </message>
    <message>
        <source>&amp;Open in Editor</source>
        <translation>Im Editor ö&amp;ffnen</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>Template details</source>
        <translation>Details der Vorlage</translation>
    </message>
    <message>
        <source>Cloud-init of the template</source>
        <translation>Cloud-init der Vorlage</translation>
    </message>
    <message>
        <source>Read-only; Open in Editor edits a copy</source>
        <translation>Schreibgeschützt; Im Editor öffnen bearbeitet eine Kopie</translation>
    </message>
    <message>
        <source>Instance templates</source>
        <translation>Instanzvorlagen</translation>
    </message>
    <message>
        <source>Select a template to see its cloud-init.</source>
        <translation>Wählen Sie eine Vorlage, um ihre Cloud-init zu sehen.</translation>
    </message>
    <message>
        <source>%1 · %2
Image %3, workspace %4, created %5</source>
        <translation>%1 · %2
Image %3, Arbeitsbereich %4, erstellt %5</translation>
    </message>
    <message>
        <source>This template has no cloud-init: its instances cannot be reached by SSH unless the image lets them.</source>
        <translation>Diese Vorlage hat keine Cloud-init: ihre Instanzen sind per SSH nur erreichbar, wenn das Image es zulässt.</translation>
    </message>
    <message>
        <source>Reading the template&apos;s cloud-init…</source>
        <translation>Die Cloud-init der Vorlage wird gelesen…</translation>
    </message>
    <message>
        <source>The cloud-init could not be read: %1</source>
        <translation>Die Cloud-init konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1 (instance template)</source>
        <translation>%1 (Instanzvorlage)</translation>
    </message>
    <message>
        <source>Delete Instance Template</source>
        <translation>Instanzvorlage löschen</translation>
    </message>
    <message>
        <source>Delete instance template &quot;%1&quot; (%2)? Instances started from it keep running; SF Compute refuses while a deployment uses it.</source>
        <translation>Instanzvorlage „%1“ (%2) löschen? Daraus gestartete Instanzen laufen weiter; SF Compute lehnt ab, solange ein Deployment sie verwendet.</translation>
    </message>
    <message>
        <source>&amp;Delete Template</source>
        <translation>Vorlage &amp;löschen</translation>
    </message>
    <message>
        <source>Deleted instance template %1.</source>
        <translation>Instanzvorlage %1 gelöscht.</translation>
    </message>
    <message>
        <source>Instance template &quot;%1&quot; was not deleted: %2</source>
        <translation>Instanzvorlage „%1“ wurde nicht gelöscht: %2</translation>
    </message>
    <message>
        <source>Deleting instance template %1</source>
        <translation>Löschen der Instanzvorlage %1</translation>
    </message>
    <message>
        <source>Copy as sf command: get</source>
        <translation>Als sf-Befehl kopieren: get</translation>
    </message>
    <message>
        <source>Copy as sf command: delete</source>
        <translation>Als sf-Befehl kopieren: delete</translation>
    </message>
</context>
<context>
    <name>sfdesk::InstancesView</name>
    <message>
        <source>&amp;Create…</source>
        <translation>&amp;Erstellen…</translation>
    </message>
    <message>
        <source>&amp;Terminate…</source>
        <translation>&amp;Beenden…</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>Console &amp;Log</source>
        <translation>Konsolen&amp;protokoll</translation>
    </message>
    <message>
        <source>No instances here. Create instances into a pool; they run while the pool has compute allocated for their SKU.</source>
        <translation>Hier gibt es keine Instanzen. Erstellen Sie Instanzen in einem Pool; sie laufen, solange dem Pool Rechenleistung für ihre SKU zugeteilt ist.</translation>
    </message>
    <message>
        <source>Loading instances</source>
        <translation>Instanzen werden geladen</translation>
    </message>
    <message>
        <source>Select an instance to see its details.</source>
        <translation>Wählen Sie eine Instanz, um ihre Details zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>%n instances selected.</source>
        <translation>
            <numerusform>%n Instanz ausgewählt.</numerusform>
            <numerusform>%n Instanzen ausgewählt.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;InfiniBand partition: &lt;b&gt;%1&lt;/b&gt;%2</source>
        <translation>&lt;br&gt;InfiniBand-Partition: &lt;b&gt;%1&lt;/b&gt;%2</translation>
    </message>
    <message>
        <source> (its node has not released the partition yet)</source>
        <translation> (ihr Knoten hat die Partition noch nicht freigegeben)</translation>
    </message>
    <message>
        <source>&lt;br&gt;InfiniBand: none (created without a partition)</source>
        <translation>&lt;br&gt;InfiniBand: keines (ohne Partition erstellt)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · %3&lt;br&gt;SKU %4 in pool %5, image %6&lt;br&gt;Resource path: %7&lt;br&gt;Created %8%9</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · %3&lt;br&gt;SKU %4 in Pool %5, Image %6&lt;br&gt;Ressourcenpfad: %7&lt;br&gt;Erstellt %8%9</translation>
    </message>
    <message numerus="yes">
        <source>Terminate %n instance(s): %1? A terminated instance cannot be started again; an InfiniBand partition keeps it attached until its node releases it.</source>
        <translation>
            <numerusform>%n Instanz beenden: %1? Eine beendete Instanz lässt sich nicht wieder starten; eine InfiniBand-Partition bleibt mit ihr verbunden, bis ihr Knoten sie freigibt.</numerusform>
            <numerusform>%n Instanzen beenden: %1? Eine beendete Instanz lässt sich nicht wieder starten; eine InfiniBand-Partition bleibt mit ihr verbunden, bis ihr Knoten sie freigibt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Terminate Instances</source>
        <translation>Instanzen beenden</translation>
    </message>
    <message>
        <source>&amp;Terminate</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n terminated instance(s): %1? They disappear from every list.</source>
        <translation>
            <numerusform>%n beendete Instanz löschen: %1? Sie verschwindet aus allen Listen.</numerusform>
            <numerusform>%n beendete Instanzen löschen: %1? Sie verschwinden aus allen Listen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete Instances</source>
        <translation>Instanzen löschen</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Copy as sf command: terminate</source>
        <translation>Als sf-Befehl kopieren: terminate</translation>
    </message>
    <message>
        <source>Copy as sf command: delete</source>
        <translation>Als sf-Befehl kopieren: delete</translation>
    </message>
    <message>
        <source>Copy as sf command: logs</source>
        <translation>Als sf-Befehl kopieren: logs</translation>
    </message>
    <message>
        <source>Copy as sf command: ssh</source>
        <translation>Als sf-Befehl kopieren: ssh</translation>
    </message>
    <message>
        <source>&amp;Instances</source>
        <translation>&amp;Instanzen</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>Instanzen</translation>
    </message>
    <message numerus="yes">
        <source>Terminated %1 of %n instance(s).</source>
        <translation>
            <numerusform>%1 von %n Instanz beendet.</numerusform>
            <numerusform>%1 von %n Instanzen beendet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %1 of %n instance(s).</source>
        <translation>
            <numerusform>%1 von %n Instanz gelöscht.</numerusform>
            <numerusform>%1 von %n Instanzen gelöscht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Terminating %1</source>
        <translation>%1 wird beendet</translation>
    </message>
    <message>
        <source>Deleting %1</source>
        <translation>%1 wird gelöscht</translation>
    </message>
    <message>
        <source>Not done, with the reason: %1.</source>
        <translation>Nicht ausgeführt, mit Grund: %1.</translation>
    </message>
    <message>
        <source>&amp;SSH…</source>
        <translation>&amp;SSH…</translation>
    </message>
    <message>
        <source>Re&amp;place…</source>
        <translation>Er&amp;setzen…</translation>
    </message>
    <message>
        <source>Priorit&amp;y</source>
        <translation>Priori&amp;tät</translation>
    </message>
    <message>
        <source>Deployment</source>
        <translation>Deployment</translation>
    </message>
    <message>
        <source>Shows the instances of one deployment, as a group</source>
        <translation>Zeigt die Instanzen eines Deployments als Gruppe</translation>
    </message>
    <message>
        <source>Deploy&amp;ment:</source>
        <translation>Deploy&amp;ment:</translation>
    </message>
    <message>
        <source>Terminates the instance and starts a new one in its place: same pool, SKU, partition, tags and priority</source>
        <translation>Beendet die Instanz und startet an ihrer Stelle eine neue: gleicher Pool, gleiche SKU, Partition, Tags und Priorität</translation>
    </message>
    <message>
        <source>Sets the priority of every selected instance in one request</source>
        <translation>Setzt die Priorität aller ausgewählten Instanzen in einer Anfrage</translation>
    </message>
    <message>
        <source>&lt;br&gt;Kept by deployment &lt;b&gt;%1&lt;/b&gt;; priority %2</source>
        <translation>&lt;br&gt;Gehalten von Deployment &lt;b&gt;%1&lt;/b&gt;; Priorität %2</translation>
    </message>
    <message>
        <source>Replaced by %1.</source>
        <translation>Ersetzt durch %1.</translation>
    </message>
    <message>
        <source>Priority %1 for %2.</source>
        <translation>Priorität %1 für %2.</translation>
    </message>
    <message>
        <source>The priority of %1 was not changed: %2</source>
        <translation>Die Priorität von %1 wurde nicht geändert: %2</translation>
    </message>
    <message>
        <source>Setting the priority of %1</source>
        <translation>Setzen der Priorität von %1</translation>
    </message>
    <message>
        <source>All instances</source>
        <translation>Alle Instanzen</translation>
    </message>
    <message>
        <source>Not in a deployment</source>
        <translation>In keinem Deployment</translation>
    </message>
    <message>
        <source>Deployment %1</source>
        <translation>Deployment %1</translation>
    </message>
    <message>
        <source>Copy as sf command: replace</source>
        <translation>Als sf-Befehl kopieren: replace</translation>
    </message>
    <message>
        <source>Copy as sf command: priority</source>
        <translation>Als sf-Befehl kopieren: priority</translation>
    </message>
</context>
<context>
    <name>sfdesk::KeychainSecretStore</name>
    <message>
        <source>The system keychain is locked, or refused sfdesk access to it.</source>
        <translation>Der Schlüsselbund des Systems ist gesperrt oder hat sfdesk den Zugriff verweigert.</translation>
    </message>
    <message>
        <source>The keychain&apos;s password prompt was closed without an answer.</source>
        <translation>Die Passwortabfrage des Schlüsselbunds wurde ohne Antwort geschlossen.</translation>
    </message>
    <message>
        <source>The system keychain has no default keyring, and could not ask you to create one. Create one in your desktop&apos;s password manager (for example Passwords and Keys) and try again.</source>
        <translation>Der Schlüsselbund des Systems hat keinen Standard-Schlüsselbund und konnte Sie nicht bitten, einen anzulegen. Legen Sie einen in der Passwortverwaltung Ihres Desktops an (zum Beispiel „Passwörter und Verschlüsselung“) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The system keychain did not answer in time.</source>
        <translation>Der Schlüsselbund des Systems hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <source>The system keychain reported an error.</source>
        <translation>Der Schlüsselbund des Systems hat einen Fehler gemeldet.</translation>
    </message>
    <message>
        <source>%1 (It said: %2)</source>
        <translation>%1 (Meldung: %2)</translation>
    </message>
    <message>
        <source>No system keychain was found (%1). Tokens are kept in memory for this run only, and asked for again next time.</source>
        <translation>Kein Schlüsselbund des Systems gefunden (%1). Tokens werden nur für diesen Lauf im Speicher behalten und beim nächsten Mal erneut erfragt.</translation>
    </message>
    <message>
        <source>The system keychain holds a token for this connection in a locked keyring, which could not be unlocked.</source>
        <translation>Der Schlüsselbund des Systems verwahrt ein Token für diese Verbindung in einem gesperrten Schlüsselbund, der sich nicht entsperren ließ.</translation>
    </message>
    <message>
        <source>The token is in a locked keyring of the system keychain, which could not be unlocked. Unlock it (in your desktop&apos;s password manager, for example), then try again.</source>
        <translation>Das Token liegt in einem gesperrten Schlüsselbund des Systems, der sich nicht entsperren ließ. Entsperren Sie ihn (etwa in der Passwortverwaltung Ihres Desktops) und versuchen Sie es dann erneut.</translation>
    </message>
</context>
<context>
    <name>sfdesk::LaunchCommandDialog</name>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Speichern…</translation>
    </message>
    <message>
        <source>Launch Command for %1</source>
        <translation>Startbefehl für %1</translation>
    </message>
    <message>
        <source>Reading the partition&apos;s running instances…</source>
        <translation>Die laufenden Instanzen der Partition werden gelesen…</translation>
    </message>
    <message>
        <source>Copy launch commands</source>
        <translation>Startbefehle kopieren</translation>
    </message>
    <message>
        <source>Save launch commands</source>
        <translation>Startbefehle speichern</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Save Launch Commands</source>
        <translation>Startbefehle speichern</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>Textdateien (*.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>%1 konnte nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <source>No running instances in partition %1: create instances into it, and once they run their launch commands show here.</source>
        <translation>Keine laufenden Instanzen in der Partition %1: Erstellen Sie Instanzen in ihr; sobald sie laufen, erscheinen hier ihre Startbefehle.</translation>
    </message>
    <message>
        <source>%1: no SSH details yet (%2)</source>
        <translation>%1: noch keine SSH-Details (%2)</translation>
    </message>
    <message>
        <source>GPUs per node unknown (%1); torchrun uses every GPU it sees</source>
        <translation>GPUs pro Knoten unbekannt (%1); torchrun verwendet jede GPU, die es findet</translation>
    </message>
    <message>
        <source>Could not read the partition&apos;s instances: %1</source>
        <translation>Die Instanzen der Partition konnten nicht gelesen werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n running worker(s) in partition %1 on fabric %2. Run each node&apos;s line on that node; rank 0 is the master.</source>
        <translation>
            <numerusform>%n laufender Worker in der Partition %1 auf der Fabric %2. Führen Sie die Zeile jedes Knotens auf diesem Knoten aus; Rang 0 ist der Master.</numerusform>
            <numerusform>%n laufende Worker in der Partition %1 auf der Fabric %2. Führen Sie die Zeile jedes Knotens auf diesem Knoten aus; Rang 0 ist der Master.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ListPage</name>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Saves the rows shown, in the order shown, as CSV or JSON</source>
        <translation>Speichert die angezeigten Zeilen in der angezeigten Reihenfolge als CSV oder JSON</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
</context>
<context>
    <name>sfdesk::ListRefresh</name>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
</context>
<context>
    <name>sfdesk::MainWindow</name>
    <message>
        <source>sfdesk</source>
        <translation>sfdesk</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Show &amp;Sidebar</source>
        <translation>&amp;Seitenleiste anzeigen</translation>
    </message>
    <message>
        <source>&amp;Color Scheme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>Follow &amp;System</source>
        <translation>&amp;System folgen</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About sfdesk</source>
        <translation>Ü&amp;ber sfdesk</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;Connections…</source>
        <translation>&amp;Verbindungen…</translation>
    </message>
    <message>
        <source>Choose the server, sign in or out</source>
        <translation>Server wählen, an- oder abmelden</translation>
    </message>
    <message>
        <source>Sections</source>
        <translation>Bereiche</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>%1 öffnen</translation>
    </message>
    <message>
        <source>Next control; leave a table or list</source>
        <translation>Nächstes Element; Tabelle oder Liste verlassen</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <source>Previous control</source>
        <translation>Vorheriges Element</translation>
    </message>
    <message>
        <source>Shift+Tab</source>
        <translation>Umschalt+Tab</translation>
    </message>
    <message>
        <source>Move between rows and cells of a table</source>
        <translation>Zwischen Zeilen und Zellen einer Tabelle wechseln</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>Pfeiltasten</translation>
    </message>
    <message>
        <source>Menu of the selected rows</source>
        <translation>Menü der ausgewählten Zeilen</translation>
    </message>
    <message>
        <source>Menu key</source>
        <translation>Menütaste</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Gehe zu</translation>
    </message>
    <message>
        <source>&amp;Next Pane</source>
        <translation>&amp;Nächster Bereich</translation>
    </message>
    <message>
        <source>&amp;Previous Pane</source>
        <translation>&amp;Vorheriger Bereich</translation>
    </message>
    <message>
        <source>Ctrl+1 to Ctrl+9, then Ctrl+0, open the sections, F6 moves to the page</source>
        <translation>Strg+1 bis Strg+9, dann Strg+0, öffnen die Bereiche, F6 wechselt zur Seite</translation>
    </message>
    <message>
        <source>Spend &amp;Guard…</source>
        <translation>&amp;Kostenbremse…</translation>
    </message>
    <message>
        <source>Ask again above a total, and cap what the connection buys in a day</source>
        <translation>Oberhalb einer Summe nochmals fragen und begrenzen, was die Verbindung an einem Tag kauft</translation>
    </message>
</context>
<context>
    <name>sfdesk::MarketView</name>
    <message>
        <source>Depth</source>
        <translation>Tiefe</translation>
    </message>
    <message>
        <source>Depth of %1 for the selected window, %2</source>
        <translation>Tiefe von %1 für das ausgewählte Zeitfenster, %2</translation>
    </message>
    <message>
        <source>Depth of %1 for the next day, %2</source>
        <translation>Tiefe von %1 für den nächsten Tag, %2</translation>
    </message>
    <message>
        <source>Recent fills</source>
        <translation>Letzte Abschlüsse</translation>
    </message>
    <message numerus="yes">
        <source>Fills of %1 in the last %n day(s)</source>
        <translation>
            <numerusform>Abschlüsse von %1 am letzten Tag</numerusform>
            <numerusform>Abschlüsse von %1 in den letzten %n Tagen</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the depth…</source>
        <translation>Die Tiefe wird gelesen …</translation>
    </message>
    <message>
        <source>Reading the fills…</source>
        <translation>Die Abschlüsse werden gelesen …</translation>
    </message>
    <message>
        <source>The market could not be read: %1</source>
        <translation>Der Markt konnte nicht gelesen werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>The newest %1 fills of %2 in the last %n day(s)</source>
        <translation>
            <numerusform>Die neuesten %1 Abschlüsse von %2 am letzten Tag</numerusform>
            <numerusform>Die neuesten %1 Abschlüsse von %2 in den letzten %n Tagen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::MemorySecretStore</name>
    <message>
        <source>Tokens are kept in memory for this run only.</source>
        <translation>Tokens werden nur für diese Sitzung im Arbeitsspeicher gehalten.</translation>
    </message>
</context>
<context>
    <name>sfdesk::MoneyModel</name>
    <message>
        <source>Unknown workspace</source>
        <translation>Unbekannter Arbeitsbereich</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Bought node-hours</source>
        <translation>Gekaufte Knotenstunden</translation>
    </message>
    <message>
        <source>Bought</source>
        <translation>Gekauft</translation>
    </message>
    <message>
        <source>Sold node-hours</source>
        <translation>Verkaufte Knotenstunden</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Verkauft</translation>
    </message>
    <message>
        <source>Net</source>
        <translation>Netto</translation>
    </message>
    <message>
        <source>Nodes now</source>
        <translation>Knoten jetzt</translation>
    </message>
    <message>
        <source>Cost per hour now</source>
        <translation>Kosten pro Stunde jetzt</translation>
    </message>
    <message>
        <source>Bought minus sold: what the fills cost in all</source>
        <translation>Gekauft minus verkauft: was die Ausführungen insgesamt kosten</translation>
    </message>
    <message>
        <source>Nodes the pools hold now</source>
        <translation>Knoten, die die Pools jetzt halten</translation>
    </message>
    <message>
        <source>The price per hour of the fills whose capacity runs now: bought minus sold</source>
        <translation>Der Preis pro Stunde der Ausführungen, deren Kapazität jetzt läuft: gekauft minus verkauft</translation>
    </message>
</context>
<context>
    <name>sfdesk::MoneyView</name>
    <message>
        <source>&amp;Money</source>
        <translation>G&amp;eld</translation>
    </message>
    <message>
        <source>Loading orders and pools</source>
        <translation>Aufträge und Pools werden geladen</translation>
    </message>
    <message>
        <source>No fills and no pools here yet. Orders that fill in Reservations show their money here.</source>
        <translation>Hier gibt es noch keine Ausführungen und keine Pools. Aufträge, die in Reservierungen ausgeführt werden, zeigen hier ihr Geld.</translation>
    </message>
    <message>
        <source>Group &amp;by:</source>
        <translation>Gruppieren &amp;nach:</translation>
    </message>
    <message>
        <source>Group by</source>
        <translation>Gruppieren nach</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>E&amp;xport CSV…</source>
        <translation>CSV e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Saves the rows shown, in the order shown, as CSV or JSON</source>
        <translation>Speichert die angezeigten Zeilen in der angezeigten Reihenfolge als CSV oder JSON</translation>
    </message>
    <message>
        <source>Money per pool</source>
        <translation>Geld pro Pool</translation>
    </message>
    <message>
        <source>Money per workspace</source>
        <translation>Geld pro Arbeitsbereich</translation>
    </message>
    <message>
        <source>In all: bought %1 (%2 node-hours), sold %3 (%4 node-hours), net %5. This month: net %6. Nodes owned now: %7, costing %8 per hour.</source>
        <translation>Insgesamt: gekauft %1 (%2 Knotenstunden), verkauft %3 (%4 Knotenstunden), netto %5. Dieser Monat: netto %6. Knoten jetzt im Besitz: %7, Kosten %8 pro Stunde.</translation>
    </message>
    <message>
        <source>Totals</source>
        <translation>Summen</translation>
    </message>
</context>
<context>
    <name>sfdesk::MoveNodesDialog</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Copy as sf &amp;Command</source>
        <translation>Als sf-&amp;Befehl kopieren</translation>
    </message>
    <message>
        <source>Move Nodes from %1</source>
        <translation>Knoten aus %1 verschieben</translation>
    </message>
    <message>
        <source>&amp;Move Nodes</source>
        <translation>Knoten &amp;verschieben</translation>
    </message>
    <message>
        <source>The pool owns nothing from now on to move.</source>
        <translation>Der Pool besitzt ab jetzt nichts, das sich verschieben ließe.</translation>
    </message>
    <message>
        <source>There is no other pool to move nodes to: create one in Pools first.</source>
        <translation>Es gibt keinen anderen Pool, in den sich Knoten verschieben ließen: Erstellen Sie zuerst unter „Pools“ einen.</translation>
    </message>
    <message>
        <source>Start: %1</source>
        <translation>Beginn: %1</translation>
    </message>
    <message>
        <source>End: %1</source>
        <translation>Ende: %1</translation>
    </message>
    <message>
        <source>The end is not after the start (or the window has passed).</source>
        <translation>Das Ende liegt nicht nach dem Beginn (oder das Zeitfenster ist vorbei).</translation>
    </message>
    <message numerus="yes">
        <source>%1 owns %n node(s) of %2 at the least over this window, fewer than the %3 to move.</source>
        <translation>
            <numerusform>%1 besitzt in diesem Zeitfenster zeitweise nur %n Knoten von %2, weniger als die zu verschiebenden %3.</numerusform>
            <numerusform>%1 besitzt in diesem Zeitfenster zeitweise nur %n Knoten von %2, weniger als die zu verschiebenden %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2:</source>
        <translation>%1, %2:</translation>
    </message>
    <message>
        <source>  %1 – %2: %3 nodes</source>
        <translation>  %1 – %2: %3 Knoten</translation>
    </message>
    <message>
        <source>  %1 – %2: %3 → %4 nodes</source>
        <translation>  %1 – %2: %3 → %4 Knoten</translation>
    </message>
    <message>
        <source>The transfer is accepted pending and carried out by SF Compute; the Pools page shows it until it is executed or rejected.</source>
        <translation>SF Compute nimmt den Transfer als ausstehend an und führt ihn aus; die Seite Pools zeigt ihn, bis er ausgeführt oder abgelehnt ist.</translation>
    </message>
    <message>
        <source>The nodes were not moved: %1</source>
        <translation>Die Knoten wurden nicht verschoben: %1</translation>
    </message>
</context>
<context>
    <name>sfdesk::MultipartDialog</name>
    <message>
        <source>Cloud-config</source>
        <translation>Cloud-config</translation>
    </message>
    <message>
        <source>Shell script</source>
        <translation>Shell-Skript</translation>
    </message>
    <message>
        <source>Boothook</source>
        <translation>Boothook</translation>
    </message>
    <message>
        <source>Jinja template</source>
        <translation>Jinja-Vorlage</translation>
    </message>
    <message>
        <source>A shell script must start with an interpreter line such as #!/bin/sh.</source>
        <translation>Ein Shell-Skript muss mit einer Interpreterzeile wie #!/bin/sh beginnen.</translation>
    </message>
    <message>
        <source>A Jinja part must start with &quot;## template: jinja&quot;.</source>
        <translation>Ein Jinja-Teil muss mit „## template: jinja“ beginnen.</translation>
    </message>
    <message>
        <source>✗ %1, %2. First: line %3: %4</source>
        <translation>✗ %1, %2. Erstes: Zeile %3: %4</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>✓ No problems found. %1</source>
        <translation>✓ Keine Probleme gefunden. %1</translation>
    </message>
    <message>
        <source>✓ Valid</source>
        <translation>✓ Gültig</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open a multipart file</source>
        <translation>Eine mehrteilige Datei öffnen</translation>
    </message>
    <message>
        <source>&amp;Save As…</source>
        <translation>&amp;Speichern unter…</translation>
    </message>
    <message>
        <source>Save the multipart payload</source>
        <translation>Die mehrteiligen Benutzerdaten speichern</translation>
    </message>
    <message>
        <source>Use in &amp;Editor</source>
        <translation>Im &amp;Editor verwenden</translation>
    </message>
    <message>
        <source>Put the payload into the Cloud-init editor</source>
        <translation>Die Benutzerdaten in den Cloud-init-Editor übernehmen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>Add a part.</source>
        <translation>Fügen Sie einen Teil hinzu.</translation>
    </message>
    <message>
        <source>%1 bytes, %2 bytes in base64; SF Compute accepts at most 64 KiB.</source>
        <translation>%1 Bytes, %2 Bytes in base64; SF Compute akzeptiert höchstens 64 KiB.</translation>
    </message>
    <message>
        <source>Over the limit: leave parts out or compress them.</source>
        <translation>Über der Grenze: Lassen Sie Teile weg oder komprimieren Sie sie.</translation>
    </message>
    <message>
        <source>Open Multipart User Data</source>
        <translation>Mehrteilige Benutzerdaten öffnen</translation>
    </message>
    <message>
        <source>User data (*.txt *.mime *.yaml *.cfg);;All files (*)</source>
        <translation>Benutzerdaten (*.txt *.mime *.yaml *.cfg);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Save Multipart User Data</source>
        <translation>Mehrteilige Benutzerdaten speichern</translation>
    </message>
    <message>
        <source>Multipart user data (*.mime *.txt);;All files (*)</source>
        <translation>Mehrteilige Benutzerdaten (*.mime *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>The parts were changed and are neither in the Cloud-init editor nor saved. Use them in the editor before closing?</source>
        <translation>Die Teile wurden geändert und sind weder im Cloud-init-Editor noch gespeichert. Sie vor dem Schließen im Editor verwenden?</translation>
    </message>
</context>
<context>
    <name>sfdesk::NameDialog</name>
    <message>
        <source>&quot;%1&quot; is already taken here.</source>
        <translation>„%1“ ist hier bereits vergeben.</translation>
    </message>
</context>
<context>
    <name>sfdesk::NetworkModule</name>
    <message>
        <source>The connection cannot start: its network module %1 could not be loaded. %2</source>
        <translation>Die Verbindung kann nicht starten: Ihr Netzwerkmodul %1 konnte nicht geladen werden. %2</translation>
    </message>
    <message>
        <source>The connection cannot start: %1 is not its network module. %2</source>
        <translation>Die Verbindung kann nicht starten: %1 ist nicht ihr Netzwerkmodul. %2</translation>
    </message>
    <message>
        <source>The connection cannot start: its network module %1 is of another version of sfdesk.</source>
        <translation>Die Verbindung kann nicht starten: Ihr Netzwerkmodul %1 gehört zu einer anderen Version von sfdesk.</translation>
    </message>
</context>
<context>
    <name>sfdesk::NoticeLog</name>
    <message>
        <source>%1
Press Enter or double-click to open it.</source>
        <translation>%1
Eingabetaste oder Doppelklick öffnet es.</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Notification</source>
        <translation>Benachrichtigung</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
</context>
<context>
    <name>sfdesk::NoticeWatcher</name>
    <message>
        <source>Order filled</source>
        <translation>Auftrag ausgeführt</translation>
    </message>
    <message>
        <source>Order partly filled</source>
        <translation>Auftrag teilweise ausgeführt</translation>
    </message>
    <message>
        <source>Order expired unfilled</source>
        <translation>Auftrag unausgeführt abgelaufen</translation>
    </message>
    <message>
        <source>Instance running</source>
        <translation>Instanz läuft</translation>
    </message>
    <message>
        <source>%1 is running.</source>
        <translation>%1 läuft.</translation>
    </message>
    <message>
        <source>Capacity starts soon</source>
        <translation>Kapazität beginnt bald</translation>
    </message>
    <message>
        <source>Capacity ends soon</source>
        <translation>Kapazität endet bald</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n node(s) filled.</source>
        <translation>
            <numerusform>%1: %n Knoten ausgeführt.</numerusform>
            <numerusform>%1: %n Knoten ausgeführt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n node(s) filled so far.</source>
        <translation>
            <numerusform>%1: bisher %n Knoten ausgeführt.</numerusform>
            <numerusform>%1: bisher %n Knoten ausgeführt.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ended with nothing filled.</source>
        <translation>%1 endete, ohne dass etwas ausgeführt wurde.</translation>
    </message>
    <message numerus="yes">
        <source>Pool %1: capacity starts in %n minute(s), at %2.</source>
        <translation>
            <numerusform>Pool %1: Die Kapazität beginnt in %n Minute, um %2.</numerusform>
            <numerusform>Pool %1: Die Kapazität beginnt in %n Minuten, um %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Pool %1: capacity ends in %n minute(s), at %2.</source>
        <translation>
            <numerusform>Pool %1: Die Kapazität endet in %n Minute, um %2.</numerusform>
            <numerusform>Pool %1: Die Kapazität endet in %n Minuten, um %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Pool idle</source>
        <translation>Pool ungenutzt</translation>
    </message>
    <message numerus="yes">
        <source>Pool %1 has owned %n node(s) with no instance on them since %2.</source>
        <translation>
            <numerusform>Pool %1 besitzt seit %2 %n Knoten, auf dem keine Instanz läuft.</numerusform>
            <numerusform>Pool %1 besitzt seit %2 %n Knoten, auf denen keine Instanz läuft.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::OrderModel</name>
    <message>
        <source>Side</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>Limit</translation>
    </message>
    <message>
        <source>Filled at</source>
        <translation>Ausgeführt zu</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Filled nodes</source>
        <translation>Ausgeführte Knoten</translation>
    </message>
</context>
<context>
    <name>sfdesk::OrderPanel</name>
    <message>
        <source>No availability for this window.</source>
        <translation>Keine Verfügbarkeit in diesem Zeitfenster.</translation>
    </message>
    <message>
        <source>No SKU matches this order.</source>
        <translation>Keine SKU passt zu dieser Order.</translation>
    </message>
    <message>
        <source>The market gave no reason.</source>
        <translation>Der Markt hat keinen Grund genannt.</translation>
    </message>
    <message>
        <source>Standing (rest on the book until filled)</source>
        <translation>Stehend (bleibt bis zur Ausführung im Orderbuch)</translation>
    </message>
    <message>
        <source>Allow partial fills</source>
        <translation>Teilausführungen erlauben</translation>
    </message>
    <message>
        <source>&amp;Quote</source>
        <translation>&amp;Angebot einholen</translation>
    </message>
    <message>
        <source>&amp;Place order…</source>
        <translation>Order &amp;aufgeben…</translation>
    </message>
    <message>
        <source>Last day</source>
        <translation>Letzter Tag</translation>
    </message>
    <message>
        <source>All from now</source>
        <translation>Alles ab jetzt</translation>
    </message>
    <message>
        <source>Buy</source>
        <translation>Kaufen</translation>
    </message>
    <message>
        <source>Sell</source>
        <translation>Verkaufen</translation>
    </message>
    <message>
        <source>dollars per node-hour, e.g. 2.50</source>
        <translation>Dollar pro Knotenstunde, z. B. 2.50</translation>
    </message>
    <message>
        <source>Side:</source>
        <translation>Seite:</translation>
    </message>
    <message>
        <source>Start:</source>
        <translation>Beginn:</translation>
    </message>
    <message>
        <source>End:</source>
        <translation>Ende:</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Dauer:</translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation>Knoten:</translation>
    </message>
    <message>
        <source>SKU:</source>
        <translation>SKU:</translation>
    </message>
    <message>
        <source>Limit:</source>
        <translation>Limit:</translation>
    </message>
    <message>
        <source>Sell window:</source>
        <translation>Verkaufsfenster:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Preview&lt;/b&gt;</source>
        <translation>&lt;b&gt;Vorschau&lt;/b&gt;</translation>
    </message>
    <message>
        <source>minimum dollars per node-hour</source>
        <translation>Mindestpreis in Dollar pro Knotenstunde</translation>
    </message>
    <message>
        <source>Choose a pool.</source>
        <translation>Wählen Sie einen Pool.</translation>
    </message>
    <message>
        <source>Choose a SKU.</source>
        <translation>Wählen Sie eine SKU.</translation>
    </message>
    <message>
        <source>The end must come after the start.</source>
        <translation>Das Ende muss nach dem Beginn liegen.</translation>
    </message>
    <message>
        <source>The window starts in the past.</source>
        <translation>Das Zeitfenster beginnt in der Vergangenheit.</translation>
    </message>
    <message>
        <source>Limit: %1</source>
        <translation>Limit: %1</translation>
    </message>
    <message>
        <source>%1 (%2 node-hours)</source>
        <translation>%1 (%2 Knotenstunden)</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message>
        <source>none selected</source>
        <translation>nichts ausgewählt</translation>
    </message>
    <message>
        <source>Set the minimum rate to sell at.</source>
        <translation>Legen Sie den Mindestpreis für den Verkauf fest.</translation>
    </message>
    <message>
        <source>Set the limit price to buy at.</source>
        <translation>Legen Sie den Limitpreis für den Kauf fest.</translation>
    </message>
    <message numerus="yes">
        <source>The pool can sell at most %n node(s) of this SKU over the whole window.</source>
        <translation>
            <numerusform>Der Pool kann über das ganze Zeitfenster höchstens %n Knoten dieser SKU verkaufen.</numerusform>
            <numerusform>Der Pool kann über das ganze Zeitfenster höchstens %n Knoten dieser SKU verkaufen.</numerusform>
        </translation>
    </message>
    <message>
        <source>You cannot sell more than the pool owns (and has not listed) over this window.</source>
        <translation>Sie können in diesem Zeitfenster nicht mehr verkaufen, als der Pool besitzt (und noch nicht angeboten hat).</translation>
    </message>
    <message>
        <source>Asking the market…</source>
        <translation>Markt wird gefragt…</translation>
    </message>
    <message>
        <source>Unavailable: %1</source>
        <translation>Nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>The market&apos;s estimate could not be read.</source>
        <translation>Die Schätzung des Markts konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>Estimated rate: %1 per node-hour</source>
        <translation>Geschätzter Preis: %1 pro Knotenstunde</translation>
    </message>
    <message>
        <source>Total: %1</source>
        <translation>Gesamt: %1</translation>
    </message>
    <message>
        <source>Fee: %1</source>
        <translation>Gebühr: %1</translation>
    </message>
    <message>
        <source>Notice: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>No preview: %1</source>
        <translation>Keine Vorschau: %1</translation>
    </message>
    <message>
        <source>Sell %1 × %2</source>
        <translation>Verkaufen: %1 × %2</translation>
    </message>
    <message>
        <source>Buy %1 × %2</source>
        <translation>Kaufen: %1 × %2</translation>
    </message>
    <message>
        <source>from %1 to %2 (%3)</source>
        <translation>von %1 bis %2 (%3)</translation>
    </message>
    <message>
        <source>Total at the minimum rate of %1 per node-hour: at least %2</source>
        <translation>Gesamt zum Mindestpreis von %1 pro Knotenstunde: mindestens %2</translation>
    </message>
    <message>
        <source>Total at the limit of %1 per node-hour: at most %2</source>
        <translation>Gesamt zum Limit von %1 pro Knotenstunde: höchstens %2</translation>
    </message>
    <message>
        <source>Estimated total now: %1</source>
        <translation>Geschätzter Gesamtbetrag jetzt: %1</translation>
    </message>
    <message>
        <source>The order stands on the book until it fills or ends.</source>
        <translation>Die Order bleibt im Orderbuch, bis sie ausgeführt wird oder abläuft.</translation>
    </message>
    <message>
        <source>The order is cancelled unless it fills at once.</source>
        <translation>Die Order wird storniert, wenn sie nicht sofort ausgeführt wird.</translation>
    </message>
    <message>
        <source>Partial fills are allowed.</source>
        <translation>Teilausführungen sind erlaubt.</translation>
    </message>
    <message>
        <source>It fills completely or not at all.</source>
        <translation>Sie wird vollständig oder gar nicht ausgeführt.</translation>
    </message>
    <message>
        <source>E&amp;xtend…</source>
        <translation>Verlän&amp;gern…</translation>
    </message>
    <message>
        <source>Buy the same SKU and node count for the window right after what the pool owns: as long as the chosen window, or a day</source>
        <translation>Dieselbe SKU und Knotenzahl für das Zeitfenster direkt nach dem kaufen, was der Pool besitzt: so lang wie das gewählte Zeitfenster oder einen Tag</translation>
    </message>
    <message>
        <source>e.g. now, in 3d, oct 12 14:00</source>
        <translation>z. B. now, in 3d, oct 12 14:00</translation>
    </message>
    <message>
        <source>e.g. in 5d, oct 14 14:00</source>
        <translation>z. B. in 5d, oct 14 14:00</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>now, in 6h, in 3d, oct 12 14:00, 2026-10-12 14:00 or ISO 8601; Enter applies</source>
        <translation>now, in 6h, in 3d, oct 12 14:00, 2026-10-12 14:00 oder ISO 8601; Eingabe übernimmt</translation>
    </message>
    <message>
        <source>Owned:</source>
        <translation>Besitz:</translation>
    </message>
    <message>
        <source>Drag across the chart or type Start and End to choose a window. On the chart, the arrow keys move the selection by an hour, Shift with them resizes it, Page Up and Page Down move it by a day, Enter places it.</source>
        <translation>Ziehen Sie über das Diagramm oder geben Sie Beginn und Ende ein, um ein Zeitfenster zu wählen. Im Diagramm verschieben die Pfeiltasten die Auswahl um eine Stunde, mit Umschalt ändern sie ihre Länge, Bild auf und Bild ab verschieben sie um einen Tag, die Eingabetaste gibt sie als Order auf.</translation>
    </message>
    <message>
        <source>Drag across the chart or type Start and End to choose a window.</source>
        <translation>Ziehen Sie über das Diagramm oder geben Sie Beginn und Ende ein, um ein Zeitfenster zu wählen.</translation>
    </message>
    <message>
        <source>SF Compute rounds limits to a multiple of $0.00006 per node-hour (a micro-dollar per node-minute): the %1 typed is %2.</source>
        <translation>SF Compute rundet Limits auf ein Vielfaches von $0.00006 pro Knotenstunde (ein Mikrodollar pro Knotenminute): Die eingegebenen %1 sind %2.</translation>
    </message>
    <message>
        <source>Cop&amp;y as sf Command</source>
        <translation>Als sf-Befehl kop&amp;ieren</translation>
    </message>
    <message>
        <source>Copy the sf orders create command that places this order</source>
        <translation>Den Befehl sf orders create kopieren, der diesen Auftrag erteilt</translation>
    </message>
</context>
<context>
    <name>sfdesk::OrdersPage</name>
    <message>
        <source>Cancel order</source>
        <translation>Order stornieren</translation>
    </message>
    <message>
        <source>&amp;Cancel order</source>
        <translation>Order &amp;stornieren</translation>
    </message>
    <message>
        <source>Copy as sf command</source>
        <translation>Als sf-Befehl kopieren</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Alle Status</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Offen</translation>
    </message>
    <message>
        <source>Filled</source>
        <translation>Ausgeführt</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Storniert</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>Buy and sell</source>
        <translation>Kaufen und Verkaufen</translation>
    </message>
    <message>
        <source>Buy</source>
        <translation>Kaufen</translation>
    </message>
    <message>
        <source>Sell</source>
        <translation>Verkaufen</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>Side:</source>
        <translation>Seite:</translation>
    </message>
    <message>
        <source>Cancelling %1…</source>
        <translation>%1 wird storniert…</translation>
    </message>
    <message>
        <source>Order %1 cancelled.</source>
        <translation>Order %1 storniert.</translation>
    </message>
    <message>
        <source>Could not cancel %1: %2</source>
        <translation>%1 konnte nicht storniert werden: %2</translation>
    </message>
    <message>
        <source>Copied the sf command for %1.</source>
        <translation>sf-Befehl für %1 kopiert.</translation>
    </message>
    <message>
        <source>No orders. Place one from Reservations: drag across the chart to choose a window.</source>
        <translation>Keine Aufträge. Erteilen Sie einen unter Reservierungen: Ziehen Sie über das Diagramm, um ein Zeitfenster zu wählen.</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Orders</translation>
    </message>
    <message>
        <source>Order %1 is no longer open here; nothing was cancelled.</source>
        <translation>Order %1 ist hier nicht mehr offen; nichts wurde storniert.</translation>
    </message>
    <message>
        <source>&amp;Procurements&apos; orders</source>
        <translation>Orders der &amp;Beschaffungen</translation>
    </message>
    <message>
        <source>Also list the orders procurements placed on their own</source>
        <translation>Auch die Orders auflisten, die Beschaffungen selbstständig aufgegeben haben</translation>
    </message>
    <message>
        <source>&amp;Orders</source>
        <translation>&amp;Orders</translation>
    </message>
    <message>
        <source>&amp;Cancel Order…</source>
        <translation>Order &amp;stornieren…</translation>
    </message>
    <message>
        <source>Copy as sf &amp;Command</source>
        <translation>Als sf-&amp;Befehl kopieren</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Saves the orders shown, in the order shown, as CSV or JSON</source>
        <translation>Speichert die angezeigten Orders in der angezeigten Reihenfolge als CSV oder JSON</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message numerus="yes">
        <source>Cancel order %1 (%n node(s), limit %2)?</source>
        <translation>
            <numerusform>Order %1 stornieren (%n Knoten, Limit %2)?</numerusform>
            <numerusform>Order %1 stornieren (%n Knoten, Limit %2)?</numerusform>
        </translation>
    </message>
    <message>
        <source>Export Orders</source>
        <translation>Orders exportieren</translation>
    </message>
</context>
<context>
    <name>sfdesk::PartTransfer</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 ist nicht lesbar: %2</translation>
    </message>
</context>
<context>
    <name>sfdesk::PartitionModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>Fabric</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>Instanzen</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
</context>
<context>
    <name>sfdesk::PartitionsView</name>
    <message>
        <source>&amp;Enrol in the Preview</source>
        <translation>Für die Vorschau &amp;anmelden</translation>
    </message>
    <message>
        <source>&amp;New Partition…</source>
        <translation>&amp;Neue Partition…</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>Show the partitions on one fabric</source>
        <translation>Die Partitionen auf einer Fabric anzeigen</translation>
    </message>
    <message>
        <source>All fabrics</source>
        <translation>Alle Fabrics</translation>
    </message>
    <message>
        <source>Fabric:</source>
        <translation>Fabric:</translation>
    </message>
    <message>
        <source>No partitions here yet. A partition is an isolated InfiniBand network: create one on the fabric of your SKU, then attach instances when you create them.</source>
        <translation>Hier gibt es noch keine Partitionen. Eine Partition ist ein isoliertes InfiniBand-Netz: Erstellen Sie eine auf der Fabric Ihrer SKU und verbinden Sie dann Instanzen beim Erstellen.</translation>
    </message>
    <message>
        <source>Region and zone:</source>
        <translation>Region und Zone:</translation>
    </message>
    <message>
        <source>Resource path:</source>
        <translation>Ressourcenpfad:</translation>
    </message>
    <message>
        <source>Created:</source>
        <translation>Erstellt:</translation>
    </message>
    <message>
        <source>ID:</source>
        <translation>ID:</translation>
    </message>
    <message>
        <source>No instances attached. Attach instances by choosing this partition when you create them.</source>
        <translation>Keine Instanzen verbunden. Verbinden Sie Instanzen, indem Sie beim Erstellen diese Partition wählen.</translation>
    </message>
    <message>
        <source>Attached instances (a terminated instance drops out once its node releases the partition):</source>
        <translation>Verbundene Instanzen (eine beendete Instanz fällt heraus, sobald ihr Knoten die Partition freigibt):</translation>
    </message>
    <message>
        <source>Not connected. Choose a connection to see InfiniBand partitions.</source>
        <translation>Nicht verbunden. Wählen Sie eine Verbindung, um InfiniBand-Partitionen zu sehen.</translation>
    </message>
    <message>
        <source>Checking whether this account is in the InfiniBand preview…</source>
        <translation>Es wird geprüft, ob dieses Konto an der InfiniBand-Vorschau teilnimmt…</translation>
    </message>
    <message>
        <source>&lt;b&gt;InfiniBand partitions are in public preview&lt;/b&gt;, and this account cannot enrol itself: the preview is not self-enrollable here. Contact SF Compute and they will set you up.</source>
        <translation>&lt;b&gt;InfiniBand-Partitionen sind in der öffentlichen Vorschau&lt;/b&gt;, und dieses Konto kann sich nicht selbst anmelden: Die Vorschau ist hier nicht zur Selbstanmeldung freigegeben. Wenden Sie sich an SF Compute, dort wird sie für Sie eingerichtet.</translation>
    </message>
    <message>
        <source>Loading fabrics</source>
        <translation>Fabrics werden geladen</translation>
    </message>
    <message>
        <source>Loading partitions</source>
        <translation>Partitionen werden geladen</translation>
    </message>
    <message>
        <source>Select a partition to see its details.</source>
        <translation>Wählen Sie eine Partition, um ihre Details zu sehen.</translation>
    </message>
    <message>
        <source>%1 (workspace %2)</source>
        <translation>%1 (Arbeitsbereich %2)</translation>
    </message>
    <message>
        <source>Loading the partition&apos;s instances</source>
        <translation>Instanzen der Partition werden geladen</translation>
    </message>
    <message>
        <source>Rename Partition</source>
        <translation>Partition umbenennen</translation>
    </message>
    <message>
        <source>New name for partition &quot;%1&quot; in workspace &quot;%2&quot;. Instances stay attached; its resource path changes with the name.</source>
        <translation>Neuer Name für Partition „%1“ im Arbeitsbereich „%2“. Die Instanzen bleiben verbunden; der Ressourcenpfad ändert sich mit dem Namen.</translation>
    </message>
    <message>
        <source>Delete InfiniBand partition &quot;%1&quot; (%2) in workspace &quot;%3&quot; on fabric %4? Instances still attached to it block the deletion.</source>
        <translation>InfiniBand-Partition „%1“ (%2) im Arbeitsbereich „%3“ auf Fabric %4 löschen? Noch verbundene Instanzen verhindern das Löschen.</translation>
    </message>
    <message>
        <source>Delete Partition</source>
        <translation>Partition löschen</translation>
    </message>
    <message>
        <source>&amp;Delete Partition</source>
        <translation>Partition &amp;löschen</translation>
    </message>
    <message>
        <source>Deleted partition %1.</source>
        <translation>Partition %1 gelöscht.</translation>
    </message>
    <message>
        <source>Deleting partition %1</source>
        <translation>Partition %1 wird gelöscht</translation>
    </message>
    <message>
        <source>Copy as sf command: get</source>
        <translation>Als sf-Befehl kopieren: get</translation>
    </message>
    <message>
        <source>Copy as sf command: instances</source>
        <translation>Als sf-Befehl kopieren: instances</translation>
    </message>
    <message>
        <source>Copy as sf command: delete</source>
        <translation>Als sf-Befehl kopieren: delete</translation>
    </message>
    <message>
        <source>Copy as sf command: list</source>
        <translation>Als sf-Befehl kopieren: list</translation>
    </message>
    <message>
        <source>&lt;h3&gt;InfiniBand partitions&lt;/h3&gt;&lt;p&gt;A partition is an isolated InfiniBand network for RDMA between your instances. It lives on one fabric, a physical InfiniBand network in one availability zone; separate partitions and separate fabrics cannot reach each other.&lt;/p&gt;&lt;p&gt;An instance joins a partition only when it is created, on an InfiniBand SKU whose fabric is the partition&apos;s, and stays in it for its whole life. An instance created without a partition has no InfiniBand, even on an InfiniBand SKU.&lt;/p&gt;&lt;p&gt;Creating a partition buys nothing and starts nothing. It can be deleted once no instance is attached, including terminated instances whose node has not released it yet.&lt;/p&gt;&lt;p&gt;Until the account is in the preview, the partition list and the partition step of the instance wizard stay hidden.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;InfiniBand-Partitionen&lt;/h3&gt;&lt;p&gt;Eine Partition ist ein isoliertes InfiniBand-Netz für RDMA zwischen Ihren Instanzen. Sie liegt auf einer Fabric, einem physischen InfiniBand-Netz in einer Verfügbarkeitszone; getrennte Partitionen und getrennte Fabrics können einander nicht erreichen.&lt;/p&gt;&lt;p&gt;Eine Instanz tritt einer Partition nur bei ihrer Erstellung bei, auf einer InfiniBand-SKU, deren Fabric die der Partition ist, und bleibt ihr ganzes Leben darin. Eine ohne Partition erstellte Instanz hat kein InfiniBand, auch nicht auf einer InfiniBand-SKU.&lt;/p&gt;&lt;p&gt;Eine Partition zu erstellen kauft nichts und startet nichts. Sie kann gelöscht werden, sobald keine Instanz mehr angehängt ist, auch keine beendete Instanz, deren Knoten sie noch nicht freigegeben hat.&lt;/p&gt;&lt;p&gt;Solange das Konto nicht in der Vorschau ist, bleiben die Partitionsliste und der Partitionsschritt des Instanz-Assistenten verborgen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;InfiniBand partitions are in public preview.&lt;/b&gt; Enrol this account to use them (the same as &lt;code&gt;%1&lt;/code&gt;).</source>
        <translation>&lt;b&gt;InfiniBand-Partitionen sind in der öffentlichen Vorschau.&lt;/b&gt; Melden Sie dieses Konto an, um sie zu nutzen (wie &lt;code&gt;%1&lt;/code&gt;).</translation>
    </message>
    <message>
        <source>P&amp;artitions</source>
        <translation>P&amp;artitionen</translation>
    </message>
    <message>
        <source>InfiniBand partitions</source>
        <translation>InfiniBand-Partitionen</translation>
    </message>
    <message>
        <source>Instances in the partition</source>
        <translation>Instanzen in der Partition</translation>
    </message>
    <message>
        <source>&amp;Launch Command…</source>
        <translation>&amp;Startbefehl…</translation>
    </message>
    <message>
        <source>Hostfile, torchrun line per node, NCCL settings and ssh commands for the partition&apos;s running instances</source>
        <translation>Hostfile, torchrun-Zeile pro Knoten, NCCL-Einstellungen und ssh-Befehle für die laufenden Instanzen der Partition</translation>
    </message>
    <message>
        <source>Check &amp;InfiniBand…</source>
        <translation>&amp;InfiniBand prüfen…</translation>
    </message>
    <message>
        <source>Whether each worker&apos;s InfiniBand port came up, from ibv_devinfo in its console</source>
        <translation>Ob der InfiniBand-Port jedes Workers aktiv wurde, laut ibv_devinfo in seiner Konsole</translation>
    </message>
    <message>
        <source>&amp;Topology…</source>
        <translation>&amp;Topologie…</translation>
    </message>
    <message>
        <source>Fabrics, their partitions and the instances in each, with port state and release times</source>
        <translation>Fabrics, ihre Partitionen und die Instanzen darin, mit Portstatus und Freigabezeiten</translation>
    </message>
    <message>
        <source>Delete Partitions</source>
        <translation>Partitionen löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n InfiniBand partition(s): %1? Instances still attached to one block its deletion.</source>
        <translation>
            <numerusform>%n InfiniBand-Partition löschen: %1? Noch verbundene Instanzen verhindern das Löschen.</numerusform>
            <numerusform>%n InfiniBand-Partitionen löschen: %1? Noch verbundene Instanzen verhindern das Löschen einer Partition.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Delete %n Partition(s)</source>
        <translation>
            <numerusform>%n Partition &amp;löschen</numerusform>
            <numerusform>%n Partitionen &amp;löschen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %1 of %n partition(s).</source>
        <translation>
            <numerusform>%1 von %n Partition gelöscht.</numerusform>
            <numerusform>%1 von %n Partitionen gelöscht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not deleted, with the reason: %1. Delete one alone to see what blocks it and clear it.</source>
        <translation>Nicht gelöscht, mit Grund: %1. Löschen Sie eine einzeln, um zu sehen, was sie blockiert, und es zu beheben.</translation>
    </message>
    <message>
        <source>Rena&amp;me…</source>
        <translation>&amp;Umbenennen…</translation>
    </message>
    <message>
        <source>Fa&amp;bric:</source>
        <translation>&amp;Fabric:</translation>
    </message>
    <message>
        <source>This partition no longer exists.</source>
        <translation>Diese Partition existiert nicht mehr.</translation>
    </message>
</context>
<context>
    <name>sfdesk::PlannerChart</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 owned</source>
        <translation>%1: %2 im Besitz</translation>
    </message>
    <message>
        <source>No nodes owned</source>
        <translation>Keine Knoten im Besitz</translation>
    </message>
    <message>
        <source>Buy</source>
        <translation>Kaufen</translation>
    </message>
    <message>
        <source>Sell</source>
        <translation>Verkaufen</translation>
    </message>
    <message>
        <source>%1 %2 of %3, %4 to %5, limit %6 (%7), %8 filled now</source>
        <translation>%1 %2 von %3, %4 bis %5, Limit %6 (%7), %8 jetzt ausgeführt</translation>
    </message>
    <message>
        <source>Best ask for %1 at %2: %3</source>
        <translation>Bestes Angebot für %1 um %2: %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Best bid: %1</source>
        <translation>Bestes Gebot: %1</translation>
    </message>
    <message>
        <source>Selected: %1 to %2</source>
        <translation>Ausgewählt: %1 bis %2</translation>
    </message>
    <message>
        <source>Reservation planner chart</source>
        <translation>Diagramm des Reservierungsplaners</translation>
    </message>
    <message>
        <source>Time (%1)</source>
        <translation>Zeit (%1)</translation>
    </message>
    <message>
        <source>Nodes the pool %1 owns per SKU, its open orders and the market&apos;s best prices per node-hour from %2 to %3.</source>
        <translation>Knoten, die der Pool %1 je SKU besitzt, seine offenen Orders und die besten Marktpreise pro Knotenstunde von %2 bis %3.</translation>
    </message>
    <message>
        <source>Selected: %1 to %2 (%3)</source>
        <translation>Ausgewählt: %1 bis %2 (%3)</translation>
    </message>
    <message>
        <source>Arrow keys move it by an hour, Shift with them resizes it, Page Up and Page Down move it by a day, Enter places it.</source>
        <translation>Die Pfeiltasten verschieben sie um eine Stunde, mit Umschalt ändern sie ihre Länge, Bild auf und Bild ab verschieben sie um einen Tag, die Eingabetaste gibt sie als Order auf.</translation>
    </message>
    <message>
        <source>Nothing selected: press an arrow key to select the next hour.</source>
        <translation>Nichts ausgewählt: Drücken Sie eine Pfeiltaste, um die nächste Stunde auszuwählen.</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
    <message>
        <source>Best ask</source>
        <translation>Bestes Angebot</translation>
    </message>
    <message>
        <source>Best bid</source>
        <translation>Bestes Gebot</translation>
    </message>
    <message>
        <source>Procurement target and its orders</source>
        <translation>Ziel einer Beschaffung und ihre Orders</translation>
    </message>
    <message>
        <source>(placed by procurement %1)</source>
        <translation>(aufgegeben von Beschaffung %1)</translation>
    </message>
    <message>
        <source>Procurement %1 keeps %2 of %3 until %4; buys at most %5, sells at least %6%7</source>
        <translation>Beschaffung %1 hält %2 von %3 bis %4 vor; kauft für höchstens %5, verkauft für mindestens %6%7</translation>
    </message>
    <message>
        <source> (disabled)</source>
        <translation> (deaktiviert)</translation>
    </message>
    <message numerus="yes">
        <source>Procurement %1 keeps %2 of %3 over the next %4, buying at most %5 and selling at least %6%7; %n order(s) of it shown.</source>
        <translation>
            <numerusform>Beschaffung %1 hält %2 von %3 für %4 ab jetzt vor, kauft für höchstens %5 und verkauft für mindestens %6%7; %n Order von ihr angezeigt.</numerusform>
            <numerusform>Beschaffung %1 hält %2 von %3 für %4 ab jetzt vor, kauft für höchstens %5 und verkauft für mindestens %6%7; %n Orders von ihr angezeigt.</numerusform>
        </translation>
    </message>
    <message>
        <source>A price watch found %1 offered from %2 to %3 at %4.</source>
        <translation>Ein Preiswächter fand %1 angeboten von %2 bis %3 zu %4.</translation>
    </message>
    <message numerus="yes">
        <source>Idle: %n node-hour(s) owned over the next 48 hours with no instance on them, hatched, from %1 to %2.</source>
        <translation>
            <numerusform>Ungenutzt: %n Knotenstunde in den nächsten 48 Stunden ohne Instanz, schraffiert, von %1 bis %2.</numerusform>
            <numerusform>Ungenutzt: %n Knotenstunden in den nächsten 48 Stunden ohne Instanz, schraffiert, von %1 bis %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::PoolModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Nodes now</source>
        <translation>Knoten jetzt</translation>
    </message>
    <message>
        <source>SKUs</source>
        <translation>SKUs</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Idle (48 h)</source>
        <translation>Ungenutzt (48 h)</translation>
    </message>
    <message numerus="yes">
        <source>%n node-hour(s)</source>
        <translation>
            <numerusform>%n Knotenstunde</numerusform>
            <numerusform>%n Knotenstunden</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::PoolTransferModel</name>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Nach</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>open-ended</source>
        <translation>unbefristet</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <source>Executed</source>
        <translation>Ausgeführt</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Abgelehnt</translation>
    </message>
</context>
<context>
    <name>sfdesk::PoolsView</name>
    <message>
        <source>&amp;New Pool…</source>
        <translation>&amp;Neuer Pool…</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>No pools here. A pool holds the compute you buy; every order and instance needs one.</source>
        <translation>Hier gibt es keine Pools. Ein Pool enthält die Rechenleistung, die Sie kaufen; jede Order und jede Instanz braucht einen.</translation>
    </message>
    <message>
        <source>Loading pools</source>
        <translation>Pools werden geladen</translation>
    </message>
    <message>
        <source>New Pool</source>
        <translation>Neuer Pool</translation>
    </message>
    <message>
        <source>Name of the new pool in workspace &quot;%1&quot; (the same as %2).</source>
        <translation>Name des neuen Pools im Arbeitsbereich „%1“ (entspricht %2).</translation>
    </message>
    <message>
        <source>Rename Pool</source>
        <translation>Pool umbenennen</translation>
    </message>
    <message>
        <source>New name for pool &quot;%1&quot;:</source>
        <translation>Neuer Name für Pool „%1“:</translation>
    </message>
    <message>
        <source>Delete Pool</source>
        <translation>Pool löschen</translation>
    </message>
    <message>
        <source>Delete pool &quot;%1&quot; (%2) in workspace &quot;%3&quot;? SF Compute refuses while it has active orders, future allocation, nodes or deployments.</source>
        <translation>Pool „%1“ (%2) im Arbeitsbereich „%3“ löschen? SF Compute verweigert das, solange er aktive Orders, künftige Zuteilungen, Knoten oder Deployments hat.</translation>
    </message>
    <message>
        <source>&amp;Delete Pool</source>
        <translation>Pool &amp;löschen</translation>
    </message>
    <message>
        <source>Deleted pool %1.</source>
        <translation>Pool %1 gelöscht.</translation>
    </message>
    <message>
        <source>Pool &quot;%1&quot; was not deleted: %2</source>
        <translation>Pool „%1“ wurde nicht gelöscht: %2</translation>
    </message>
    <message>
        <source>Deleting pool %1</source>
        <translation>Pool %1 wird gelöscht</translation>
    </message>
    <message>
        <source>Copy as sf command: delete</source>
        <translation>Als sf-Befehl kopieren: delete</translation>
    </message>
    <message>
        <source>&amp;Pools</source>
        <translation>&amp;Pools</translation>
    </message>
    <message>
        <source>Pools</source>
        <translation>Pools</translation>
    </message>
    <message>
        <source>Delete Pools</source>
        <translation>Pools löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n pool(s): %1? SF Compute refuses each one that has active orders, future allocation, nodes or deployments.</source>
        <translation>
            <numerusform>%n Pool löschen: %1? SF Compute lehnt jeden ab, der aktive Aufträge, künftige Zuteilung, Knoten oder Bereitstellungen hat.</numerusform>
            <numerusform>%n Pools löschen: %1? SF Compute lehnt jeden ab, der aktive Aufträge, künftige Zuteilung, Knoten oder Bereitstellungen hat.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Delete %n Pool(s)</source>
        <translation>
            <numerusform>%n Pool &amp;löschen</numerusform>
            <numerusform>%n Pools &amp;löschen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %1 of %n pool(s).</source>
        <translation>
            <numerusform>%1 von %n Pool gelöscht.</numerusform>
            <numerusform>%1 von %n Pools gelöscht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not deleted, with the reason: %1.</source>
        <translation>Nicht gelöscht, mit Grund: %1.</translation>
    </message>
    <message>
        <source>Rena&amp;me…</source>
        <translation>&amp;Umbenennen…</translation>
    </message>
    <message>
        <source>Move N&amp;odes…</source>
        <translation>Knoten &amp;verschieben…</translation>
    </message>
    <message>
        <source>Move owned nodes of the pool to another pool, in any workspace</source>
        <translation>Knoten im Besitz des Pools in einen anderen Pool verschieben, in einem beliebigen Arbeitsbereich</translation>
    </message>
    <message>
        <source>Transfers of the pool</source>
        <translation>Transfers des Pools</translation>
    </message>
    <message>
        <source>Transfers into and out of %1:</source>
        <translation>Transfers nach und aus %1:</translation>
    </message>
    <message>
        <source>Transfers: choose a pool to see its own.</source>
        <translation>Transfers: Wählen Sie einen Pool, um seine zu sehen.</translation>
    </message>
    <message>
        <source>Transfer %1 asked for: %2.</source>
        <translation>Transfer %1 beantragt: %2.</translation>
    </message>
    <message>
        <source>Sell &amp;Idle…</source>
        <translation>Ungenutzte Knoten verkau&amp;fen…</translation>
    </message>
    <message>
        <source>Propose a sell order for the pool&apos;s owned nodes that no instance uses over the next 48 hours, for you to confirm in the planner</source>
        <translation>Einen Verkaufsauftrag für die Knoten des Pools vorschlagen, die in den nächsten 48 Stunden keine Instanz nutzt; Sie bestätigen ihn im Planer</translation>
    </message>
</context>
<context>
    <name>sfdesk::PreferencesDialog</name>
    <message>
        <source>Follow the system</source>
        <translation>Dem System folgen</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
</context>
<context>
    <name>sfdesk::PriceWatchDialog</name>
    <message>
        <source>Watch This Window</source>
        <translation>Dieses Fenster beobachten</translation>
    </message>
    <message>
        <source>Edit Price Watch</source>
        <translation>Preiswächter bearbeiten</translation>
    </message>
    <message>
        <source>Choose a SKU.</source>
        <translation>Wählen Sie eine SKU.</translation>
    </message>
    <message>
        <source>The latest start is before the earliest.</source>
        <translation>Der späteste Beginn liegt vor dem frühesten.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>sfdesk::PriceWatchList</name>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n Stunde</numerusform>
            <numerusform>%n Stunden</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>Offered at %1 from %2</source>
        <translation>Angeboten zu %1 ab %2</translation>
    </message>
    <message>
        <source>Expired</source>
        <translation>Abgelaufen</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartet</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>Starts</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>At most</source>
        <translation>Höchstens</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Läuft ab</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>sfdesk::PriorityDelegate</name>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Applies to every selected instance; lower priorities stop first when a pool&apos;s nodes run short</source>
        <translation>Gilt für jede ausgewählte Instanz; niedrigere Prioritäten enden zuerst, wenn die Knoten eines Pools knapp werden</translation>
    </message>
</context>
<context>
    <name>sfdesk::ProcurementDialog</name>
    <message>
        <source>Copy as sf &amp;Command</source>
        <translation>Als sf-&amp;Befehl kopieren</translation>
    </message>
    <message>
        <source>Keep Nodes from Here On</source>
        <translation>Knoten ab jetzt vorhalten</translation>
    </message>
    <message>
        <source>Cr&amp;eate Procurement</source>
        <translation>Beschaffung &amp;erstellen</translation>
    </message>
    <message>
        <source>Edit Procurement %1</source>
        <translation>Beschaffung %1 bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>A name starts with a letter or digit and holds only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>Ein Name beginnt mit einem Buchstaben oder einer Ziffer und enthält nur Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; und &apos;-&apos;.</translation>
    </message>
    <message>
        <source>Choose a SKU.</source>
        <translation>Wählen Sie eine SKU.</translation>
    </message>
    <message>
        <source>Over the next: %1</source>
        <translation>Zeitraum ab jetzt: %1</translation>
    </message>
    <message>
        <source>The window is whole minutes, from one minute to 90 days.</source>
        <translation>Das Zeitfenster umfasst ganze Minuten, von einer Minute bis zu 90 Tagen.</translation>
    </message>
    <message>
        <source>Buy at most: %1</source>
        <translation>Kaufen für höchstens: %1</translation>
    </message>
    <message>
        <source>Sell at least: %1</source>
        <translation>Verkaufen für mindestens: %1</translation>
    </message>
    <message>
        <source>A new target replaces the procurement: the API cannot change a target in place, so it is deleted (its standing orders cancelled) and created again with the new target.</source>
        <translation>Ein neues Ziel ersetzt die Beschaffung: Die API kann ein Ziel nicht direkt ändern, daher wird die Beschaffung gelöscht (ihre stehenden Orders storniert) und mit dem neuen Ziel neu erstellt.</translation>
    </message>
    <message>
        <source>Not created: %1</source>
        <translation>Nicht erstellt: %1</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>The old procurement was deleted, but the new one was not created: %1 Create it again from here.</source>
        <translation>Die alte Beschaffung wurde gelöscht, die neue aber nicht erstellt: %1 Erstellen Sie sie von hier aus erneut.</translation>
    </message>
    <message>
        <source>Not replaced: %1</source>
        <translation>Nicht ersetzt: %1</translation>
    </message>
</context>
<context>
    <name>sfdesk::ProcurementModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Zeitfenster</translation>
    </message>
    <message>
        <source>Price cap</source>
        <translation>Höchstpreis</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Mindestpreis</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Aktiviert</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>Deaktiviert</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n Tag</numerusform>
            <numerusform>%n Tage</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n Stunde</numerusform>
            <numerusform>%n Stunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n Minute</numerusform>
            <numerusform>%n Minuten</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ReplaceInstanceDialog</name>
    <message>
        <source>&amp;Keep the name %1</source>
        <translation>Den Namen %1 &amp;behalten</translation>
    </message>
    <message>
        <source>pool %1</source>
        <translation>Pool %1</translation>
    </message>
    <message>
        <source>SKU %1</source>
        <translation>SKU %1</translation>
    </message>
    <message>
        <source>InfiniBand partition %1</source>
        <translation>InfiniBand-Partition %1</translation>
    </message>
    <message>
        <source>its tags and priority</source>
        <translation>ihren Tags und ihrer Priorität</translation>
    </message>
    <message>
        <source>deployment %1</source>
        <translation>Deployment %1</translation>
    </message>
    <message>
        <source>Replace %1? It is terminated now, and a new instance starts in its place with %2.</source>
        <translation>%1 ersetzen? Sie wird jetzt beendet, und an ihrer Stelle startet eine neue Instanz mit %2.</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>&amp;Ersetzen</translation>
    </message>
    <message>
        <source>Copy as sf &amp;Command</source>
        <translation>Als sf-Befehl &amp;kopieren</translation>
    </message>
    <message>
        <source>Reading what %1 started with…</source>
        <translation>Es wird gelesen, womit %1 gestartet ist…</translation>
    </message>
    <message>
        <source>the instance</source>
        <translation>die Instanz</translation>
    </message>
    <message>
        <source>None (the instance had none): the replacement cannot be reached by SSH unless its image allows it.</source>
        <translation>Keine (die Instanz hatte keine): der Ersatz ist per SSH nur erreichbar, wenn sein Image es zulässt.</translation>
    </message>
    <message numerus="yes">
        <source>The instance&apos;s own (%n byte(s)).</source>
        <translation>
            <numerusform>Die eigene der Instanz (%n Byte).</numerusform>
            <numerusform>Die eigene der Instanz (%n Bytes).</numerusform>
        </translation>
    </message>
    <message>
        <source>The instance&apos;s cloud-init could not be read: %1</source>
        <translation>Die Cloud-init der Instanz konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>template %1</source>
        <translation>Vorlage %1</translation>
    </message>
    <message numerus="yes">
        <source>From template %1 of deployment %2 (%n byte(s)).</source>
        <translation>
            <numerusform>Aus Vorlage %1 des Deployments %2 (%n Byte).</numerusform>
            <numerusform>Aus Vorlage %1 des Deployments %2 (%n Bytes).</numerusform>
        </translation>
    </message>
    <message>
        <source>The template could not be read: %1</source>
        <translation>Die Vorlage konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Replaced %1 by %2.</source>
        <translation>%1 durch %2 ersetzt.</translation>
    </message>
    <message>
        <source>Replacing %1</source>
        <translation>Ersetzen von %1</translation>
    </message>
    <message>
        <source>Replaced %1: the new instance %2 runs under its name.</source>
        <translation>%1 ersetzt: die neue Instanz %2 läuft unter ihrem Namen.</translation>
    </message>
    <message>
        <source>The replacement %1 could not take the name %2</source>
        <translation>Der Ersatz %1 konnte den Namen %2 nicht übernehmen</translation>
    </message>
    <message>
        <source>The replacement %1 runs, but %2 could not be deleted to free its name</source>
        <translation>Der Ersatz %1 läuft, aber %2 konnte nicht gelöscht werden, um den Namen freizugeben</translation>
    </message>
</context>
<context>
    <name>sfdesk::ReservationsPage</name>
    <message>
        <source>Place order</source>
        <translation>Order aufgeben</translation>
    </message>
    <message>
        <source>Pool:</source>
        <translation>Pool:</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>Week</source>
        <translation>Woche</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>Monat</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>Als PNG exportieren…</translation>
    </message>
    <message>
        <source>Not connected: connect to a server to plan reservations.</source>
        <translation>Nicht verbunden: Verbinden Sie sich mit einem Server, um Reservierungen zu planen.</translation>
    </message>
    <message>
        <source>No pools yet: create one in Pools to hold what you buy.</source>
        <translation>Noch keine Pools: Erstellen Sie unter „Pools“ einen, der aufnimmt, was Sie kaufen.</translation>
    </message>
    <message>
        <source>You cannot sell more than the pool owns over this window.</source>
        <translation>Sie können in diesem Zeitfenster nicht mehr verkaufen, als der Pool besitzt.</translation>
    </message>
    <message>
        <source>Placing the order…</source>
        <translation>Order wird aufgegeben…</translation>
    </message>
    <message>
        <source>Order %1 placed: %2.</source>
        <translation>Order %1 aufgegeben: %2.</translation>
    </message>
    <message>
        <source>Order %1 placed by an earlier attempt whose answer was lost: %2. Placing it again is another order.</source>
        <translation>Order %1 wurde von einem früheren Versuch aufgegeben, dessen Antwort verloren ging: %2. Sie noch einmal aufzugeben, ergibt eine weitere Order.</translation>
    </message>
    <message>
        <source>The pool owns nothing of this SKU from now on.</source>
        <translation>Der Pool besitzt ab jetzt nichts von dieser SKU.</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>The order was not placed. %1</source>
        <translation>Der Auftrag wurde nicht erteilt. %1</translation>
    </message>
    <message>
        <source>The order may or may not have been placed. %1 Place the same order again to find out; it will not be placed twice.</source>
        <translation>Ob die Order aufgegeben wurde, ist nicht bekannt. %1 Geben Sie dieselbe Order noch einmal auf, um es herauszufinden; sie wird nicht doppelt aufgegeben.</translation>
    </message>
    <message>
        <source>UTC</source>
        <translation>UTC</translation>
    </message>
    <message>
        <source>Show times in UTC instead of local time</source>
        <translation>Zeiten in UTC statt in Ortszeit anzeigen</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: owned capacity starts %2</source>
        <translation>%1: Kapazität im Besitz beginnt %2</translation>
    </message>
    <message>
        <source>%1: owned capacity ends %2</source>
        <translation>%1: Kapazität im Besitz endet %2</translation>
    </message>
    <message>
        <source>Buy %1 × %2</source>
        <translation>Kaufen: %1 × %2</translation>
    </message>
    <message>
        <source>Sell %1 × %2</source>
        <translation>Verkaufen: %1 × %2</translation>
    </message>
    <message>
        <source>%1 on the book, starts %2</source>
        <translation>%1 im Orderbuch, beginnt %2</translation>
    </message>
    <message>
        <source>%1 on the book, ends %2</source>
        <translation>%1 im Orderbuch, endet %2</translation>
    </message>
    <message>
        <source>The pool owns nothing of this SKU from now on to extend.</source>
        <translation>Der Pool besitzt ab jetzt nichts von dieser SKU, das sich verlängern ließe.</translation>
    </message>
    <message>
        <source>Asking the market for the rate…</source>
        <translation>Der Markt wird nach dem Preis gefragt…</translation>
    </message>
    <message>
        <source>The market has no rate for this window; set a limit and place it.</source>
        <translation>Der Markt hat für dieses Zeitfenster keinen Preis; setzen Sie ein Limit und geben Sie die Order auf.</translation>
    </message>
    <message>
        <source>No rate for the extension: %1</source>
        <translation>Kein Preis für die Verlängerung: %1</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Order</translation>
    </message>
    <message>
        <source>Fin&amp;d Window…</source>
        <translation>Fenster &amp;suchen…</translation>
    </message>
    <message>
        <source>Find the cheapest window to buy by length and start (Ctrl+F)</source>
        <translation>Das günstigste Zeitfenster nach Länge und Beginn suchen (Strg+F)</translation>
    </message>
    <message>
        <source>Choose a SKU in the order panel to see its market.</source>
        <translation>Wählen Sie im Auftragsbereich eine SKU, um ihren Markt zu sehen.</translation>
    </message>
    <message>
        <source>The order may or may not have been placed. %1 Place the same order again before closing sfdesk to find out; until then it will not be placed twice. %2</source>
        <translation>Ob die Order aufgegeben wurde, ist nicht bekannt. %1 Geben Sie dieselbe Order noch einmal auf, bevor Sie sfdesk schließen, um es herauszufinden; bis dahin wird sie nicht doppelt aufgegeben. %2</translation>
    </message>
    <message>
        <source>Not placed: the order changed while the question was open. Check it and place it again.</source>
        <translation>Nicht aufgegeben: Die Order hat sich geändert, während die Frage offen war. Prüfen Sie sie und geben Sie sie erneut auf.</translation>
    </message>
    <message>
        <source>&amp;Reservations</source>
        <translation>&amp;Reservierungen</translation>
    </message>
    <message>
        <source>Keep Node&amp;s from Here On…</source>
        <translation>Knoten ab jetzt &amp;vorhalten…</translation>
    </message>
    <message>
        <source>&amp;Edit Procurement…</source>
        <translation>Beschaffung b&amp;earbeiten…</translation>
    </message>
    <message>
        <source>Disa&amp;ble Procurement</source>
        <translation>Beschaffung &amp;deaktivieren</translation>
    </message>
    <message>
        <source>De&amp;lete Procurement…</source>
        <translation>Beschaffung &amp;löschen…</translation>
    </message>
    <message>
        <source>Copy Procurement as sf &amp;Command</source>
        <translation>Beschaffung als sf-&amp;Befehl kopieren</translation>
    </message>
    <message>
        <source>A procurement that keeps the order panel&apos;s nodes over the selected window from now on (Ctrl+K)</source>
        <translation>Eine Beschaffung, die die Knoten des Auftragsbereichs ab jetzt über das ausgewählte Zeitfenster vorhält (Strg+K)</translation>
    </message>
    <message>
        <source>Procurements of the pool</source>
        <translation>Beschaffungen des Pools</translation>
    </message>
    <message>
        <source>Each procurement keeps a target node count of a SKU over a rolling window. Enter edits it, Delete deletes it, the context menu has every action.</source>
        <translation>Jede Beschaffung hält eine Zielanzahl an Knoten einer SKU über ein rollierendes Zeitfenster vor. Die Eingabetaste bearbeitet sie, Entf löscht sie, das Kontextmenü enthält alle Aktionen.</translation>
    </message>
    <message>
        <source>Procurement</source>
        <translation>Beschaffung</translation>
    </message>
    <message>
        <source>Keeps</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Buys at most</source>
        <translation>Kauft für höchstens</translation>
    </message>
    <message>
        <source>Sells at least</source>
        <translation>Verkauft für mindestens</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Disabled: it places no orders.</source>
        <translation>Deaktiviert: Es werden keine Orders aufgegeben.</translation>
    </message>
    <message numerus="yes">
        <source>On target: %n node(s) over the next %1.</source>
        <translation>
            <numerusform>Ziel erreicht: %n Knoten für %1 ab jetzt.</numerusform>
            <numerusform>Ziel erreicht: %n Knoten für %1 ab jetzt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Over target: %1 of %2 nodes at %3; it sells the rest at %4 or more.</source>
        <translation>Über dem Ziel: %1 statt %2 Knoten um %3; den Überschuss verkauft sie für %4 oder mehr.</translation>
    </message>
    <message>
        <source>Short of target: %1 of %2 nodes at %3</source>
        <translation>Unter dem Ziel: %1 von %2 Knoten um %3</translation>
    </message>
    <message>
        <source>%1; the price cap, %2, is under the best ask, %3.</source>
        <translation>%1; der Höchstpreis von %2 liegt unter dem besten Angebot von %3.</translation>
    </message>
    <message>
        <source>%1; nothing is offered then.</source>
        <translation>%1; zu dieser Zeit wird nichts angeboten.</translation>
    </message>
    <message>
        <source>%1; buying at up to %2.</source>
        <translation>%1; sie kauft für bis zu %2.</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>%1 × %2 over %3</source>
        <translation>%1 × %2 für %3</translation>
    </message>
    <message>
        <source>Ena&amp;ble Procurement</source>
        <translation>Beschaffung &amp;aktivieren</translation>
    </message>
    <message>
        <source>The best ask over the next %1 is %2 at most (the chart&apos;s prices).</source>
        <translation>Das beste Angebot für %1 ab jetzt liegt bei höchstens %2 (die Preise des Diagramms).</translation>
    </message>
    <message>
        <source>It keeps the target from now on, over a window that rolls forward.</source>
        <translation>Die Beschaffung hält das Ziel ab jetzt, über ein Zeitfenster, das mit der Zeit weiterrückt.</translation>
    </message>
    <message numerus="yes">
        <source>Procurement %1 keeps %n node(s) of %2.</source>
        <translation>
            <numerusform>Beschaffung %1 hält %n Knoten von %2 vor.</numerusform>
            <numerusform>Beschaffung %1 hält %n Knoten von %2 vor.</numerusform>
        </translation>
    </message>
    <message>
        <source>Procurement %1 saved.</source>
        <translation>Beschaffung %1 gespeichert.</translation>
    </message>
    <message>
        <source>Procurement %1 runs again.</source>
        <translation>Beschaffung %1 läuft wieder.</translation>
    </message>
    <message>
        <source>Procurement %1 is disabled: its standing orders are cancelled.</source>
        <translation>Beschaffung %1 ist deaktiviert; ihre stehenden Orders werden storniert.</translation>
    </message>
    <message>
        <source>Procurement %1 was not changed: %2</source>
        <translation>Beschaffung %1 wurde nicht geändert: %2</translation>
    </message>
    <message>
        <source>Delete Procurement</source>
        <translation>Beschaffung löschen</translation>
    </message>
    <message>
        <source>Delete procurement &quot;%1&quot;? It stops buying and selling, and its standing orders are cancelled; what it bought stays in the pool.</source>
        <translation>Beschaffung „%1“ löschen? Sie kauft und verkauft dann nicht mehr, und ihre stehenden Orders werden storniert; was sie gekauft hat, bleibt im Pool.</translation>
    </message>
    <message>
        <source>&amp;Delete Procurement</source>
        <translation>Beschaffung &amp;löschen</translation>
    </message>
    <message>
        <source>Procurement %1 deleted.</source>
        <translation>Beschaffung %1 gelöscht.</translation>
    </message>
    <message>
        <source>Procurement %1 was not deleted: %2</source>
        <translation>Beschaffung %1 wurde nicht gelöscht: %2</translation>
    </message>
    <message>
        <source>Copied the sf command that creates procurement %1.</source>
        <translation>sf-Befehl kopiert, der Beschaffung %1 erstellt.</translation>
    </message>
    <message>
        <source>Times in &amp;UTC</source>
        <translation>Zeiten in &amp;UTC</translation>
    </message>
    <message>
        <source>Spend &amp;Guard…</source>
        <translation>&amp;Kostenbremse…</translation>
    </message>
    <message>
        <source>Not placed: today&apos;s orders are still being read to check your daily buy cap. Place it again in a moment.</source>
        <translation>Nicht aufgegeben: Die heutigen Orders werden noch gelesen, um Ihr Tageslimit für Käufe zu prüfen. Geben Sie sie gleich noch einmal auf.</translation>
    </message>
    <message>
        <source>Not placed: it would take today&apos;s buys past your daily buy cap of %1.</source>
        <translation>Nicht aufgegeben: Damit gingen die heutigen Käufe über Ihr Tageslimit von %1.</translation>
    </message>
    <message>
        <source>Daily buy cap</source>
        <translation>Tageslimit für Käufe</translation>
    </message>
    <message>
        <source>This order was not placed: it would take today&apos;s buys past your daily buy cap of %1.

Bought today: %2
This order at its limit: %3
Together: %4

Change the cap to place it, or place a smaller order.</source>
        <translation>Diese Order wurde nicht aufgegeben: Damit gingen die heutigen Käufe über Ihr Tageslimit von %1.

Heute gekauft: %2
Diese Order zu ihrem Limit: %3
Zusammen: %4

Ändern Sie das Tageslimit, um sie aufzugeben, oder geben Sie eine kleinere Order auf.</translation>
    </message>
    <message>
        <source>Change &amp;Cap…</source>
        <translation>&amp;Limit ändern…</translation>
    </message>
    <message>
        <source>This order costs %1 at its limit — more than your confirmation threshold of %2. Place it?</source>
        <translation>Diese Order kostet zu ihrem Limit %1 – mehr als Ihre Bestätigungsschwelle von %2. Aufgeben?</translation>
    </message>
    <message>
        <source>&amp;Watch This Window…</source>
        <translation>Dieses Fenster beobac&amp;hten…</translation>
    </message>
    <message>
        <source>Price Watc&amp;hes…</source>
        <translation>&amp;Preiswächter…</translation>
    </message>
    <message>
        <source>Be told once when the selected window is offered at or under a price</source>
        <translation>Einmal benachrichtigt werden, wenn das ausgewählte Fenster zu einem Preis oder darunter angeboten wird</translation>
    </message>
    <message numerus="yes">
        <source>Priced at the bid that takes all %n node(s); check and place it.</source>
        <translation>
            <numerusform>Zum Gebot bepreist, das den %n Knoten ganz nimmt; prüfen und aufgeben.</numerusform>
            <numerusform>Zum Gebot bepreist, das alle %n Knoten nimmt; prüfen und aufgeben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The book&apos;s bids do not take %n node(s) for this window: set a price yourself.</source>
        <translation>
            <numerusform>Die Gebote im Orderbuch nehmen %n Knoten für dieses Fenster nicht ab: Setzen Sie selbst einen Preis.</numerusform>
            <numerusform>Die Gebote im Orderbuch nehmen %n Knoten für dieses Fenster nicht ab: Setzen Sie selbst einen Preis.</numerusform>
        </translation>
    </message>
    <message>
        <source>The pool has no idle capacity over the next 48 hours.</source>
        <translation>Der Pool hat in den nächsten 48 Stunden keine ungenutzte Kapazität.</translation>
    </message>
    <message numerus="yes">
        <source>All the pool&apos;s idle capacity: %n node(s). Reading the bids to price it…</source>
        <translation>
            <numerusform>Die ganze ungenutzte Kapazität des Pools: %n Knoten. Die Gebote werden gelesen, um sie zu bepreisen…</numerusform>
            <numerusform>Die ganze ungenutzte Kapazität des Pools: %n Knoten. Die Gebote werden gelesen, um sie zu bepreisen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The pool&apos;s idle capacity is not one block of the same nodes: this is its largest, %n node(s) of %1 idle node-hours. Reading the bids to price it…</source>
        <translation>
            <numerusform>Die ungenutzte Kapazität des Pools ist kein Block gleich vieler Knoten: Dies ist ihr größter, %n Knoten von %1 ungenutzten Knotenstunden. Die Gebote werden gelesen, um ihn zu bepreisen…</numerusform>
            <numerusform>Die ungenutzte Kapazität des Pools ist kein Block gleich vieler Knoten: Dies ist ihr größter, %n Knoten von %1 ungenutzten Knotenstunden. Die Gebote werden gelesen, um ihn zu bepreisen…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ResourceTableView</name>
    <message>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <source>Nothing matches the filter.</source>
        <translation>Nichts passt zum Filter.</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Spalten</translation>
    </message>
    <message>
        <source>Resize Columns to Contents</source>
        <translation>Spaltenbreite an Inhalt anpassen</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen …</translation>
    </message>
    <message>
        <source>Could not load the list.</source>
        <translation>Die Liste konnte nicht geladen werden.</translation>
    </message>
    <message>
        <source>Could not load the list: %1</source>
        <translation>Die Liste konnte nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>Shows only the rows that contain this text</source>
        <translation>Zeigt nur die Zeilen, die diesen Text enthalten</translation>
    </message>
    <message>
        <source>Filter %1</source>
        <translation>%1 filtern</translation>
    </message>
</context>
<context>
    <name>sfdesk::SaveTemplateDialog</name>
    <message numerus="yes">
        <source>A template keeps this cloud-init with an image, so that deployments (and anyone in workspace &quot;%1&quot;) can start instances from it. The text is &quot;%2&quot;, %n byte(s), checked without errors.</source>
        <translation>
            <numerusform>Eine Vorlage hält diese Cloud-init mit einem Image fest, sodass Deployments (und alle im Arbeitsbereich „%1“) Instanzen daraus starten können. Der Text ist „%2“, %n Byte, ohne Fehler geprüft.</numerusform>
            <numerusform>Eine Vorlage hält diese Cloud-init mit einem Image fest, sodass Deployments (und alle im Arbeitsbereich „%1“) Instanzen daraus starten können. Der Text ist „%2“, %n Bytes, ohne Fehler geprüft.</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy as sf &amp;Command</source>
        <translation>Als sf-&amp;Befehl kopieren</translation>
    </message>
    <message>
        <source>&amp;Save Template</source>
        <translation>Vorlage &amp;speichern</translation>
    </message>
    <message>
        <source>%1 (this workspace)</source>
        <translation>%1 (dieser Arbeitsbereich)</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <source>Reading the workspaces…</source>
        <translation>Die Arbeitsbereiche werden gelesen…</translation>
    </message>
    <message>
        <source>Name the template.</source>
        <translation>Benennen Sie die Vorlage.</translation>
    </message>
    <message>
        <source>Workspace &quot;%1&quot; has a template named &quot;%2&quot; already.</source>
        <translation>Arbeitsbereich „%1“ hat bereits eine Vorlage namens „%2“.</translation>
    </message>
    <message>
        <source>No image to start instances from.</source>
        <translation>Kein Image, aus dem Instanzen starten können.</translation>
    </message>
    <message>
        <source>Reading the images…</source>
        <translation>Die Images werden gelesen…</translation>
    </message>
    <message>
        <source>Saved instance template %1.</source>
        <translation>Instanzvorlage %1 gespeichert.</translation>
    </message>
</context>
<context>
    <name>sfdesk::SignInDialog</name>
    <message>
        <source>Sign In to %1</source>
        <translation>Bei %1 anmelden</translation>
    </message>
    <message>
        <source>Create a token under &lt;a href=&quot;%1&quot;&gt;API keys&lt;/a&gt; in your SF Compute account, or with &lt;code&gt;sf tokens create&lt;/code&gt;.</source>
        <translation>Erstellen Sie ein Token unter &lt;a href=&quot;%1&quot;&gt;API keys&lt;/a&gt; in Ihrem SF-Compute-Konto oder mit &lt;code&gt;sf tokens create&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>Ask the server&apos;s administrator for a token.</source>
        <translation>Bitten Sie die Administration des Servers um ein Token.</translation>
    </message>
    <message>
        <source>Sign In</source>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>Checking the token with the server…</source>
        <translation>Das Token wird beim Server geprüft…</translation>
    </message>
    <message>
        <source>Use for This &amp;Run Only</source>
        <translation>Nur für diesen &amp;Lauf verwenden</translation>
    </message>
    <message>
        <source>&amp;Try Again</source>
        <translation>&amp;Erneut versuchen</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Paste an API token for %1. It is checked with the server. There is no system keychain on this desktop, so it is kept for this run only.</source>
        <translation>Fügen Sie ein API-Token für %1 ein. Es wird beim Server geprüft. Dieser Desktop hat keinen Schlüsselbund, daher wird es nur für diesen Lauf behalten.</translation>
    </message>
    <message>
        <source>Paste an API token for %1. It is checked with the server and then kept in the system keychain.</source>
        <translation>Fügen Sie ein API-Token für %1 ein. Es wird beim Server geprüft und dann im Schlüsselbund des Systems verwahrt.</translation>
    </message>
    <message>
        <source>Sign in with this token now, without the keychain: sfdesk asks for it again next time</source>
        <translation>Jetzt mit diesem Token anmelden, ohne Schlüsselbund: sfdesk fragt beim nächsten Mal erneut danach</translation>
    </message>
    <message>
        <source>Ask the system keychain again to keep the token</source>
        <translation>Den Schlüsselbund des Systems erneut bitten, das Token zu verwahren</translation>
    </message>
    <message>
        <source>The server accepted the token. Waiting for the system keychain to keep it: if your desktop asks you to choose a password for a new keyring, or to unlock one, answer it there.</source>
        <translation>Der Server hat das Token angenommen. Warten auf den Schlüsselbund des Systems, der es verwahren soll: Fragt Ihr Desktop nach einem Passwort für einen neuen Schlüsselbund oder zum Entsperren, antworten Sie dort.</translation>
    </message>
    <message>
        <source>Signed in. %1</source>
        <translation>Angemeldet. %1</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>sfdesk::SkuModel</name>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>Beschleuniger</translation>
    </message>
    <message>
        <source>vCPUs</source>
        <translation>vCPUs</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Arbeitsspeicher</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>Interconnect</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>Fabric</translation>
    </message>
    <message>
        <source>Available now</source>
        <translation>Jetzt verfügbar</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
</context>
<context>
    <name>sfdesk::SpendGuardDialog</name>
    <message>
        <source>Checked before this app places a buy order on %1. A buy&apos;s total is what it costs at its limit: nodes × hours × limit price. Sell orders are not checked.</source>
        <translation>Wird geprüft, bevor diese App eine Kauforder auf %1 aufgibt. Die Summe eines Kaufs ist, was er zu seinem Limit kostet: Knoten × Stunden × Limitpreis. Verkaufsorders werden nicht geprüft.</translation>
    </message>
    <message>
        <source>So far today: %1.</source>
        <translation>Bisher heute: %1.</translation>
    </message>
    <message>
        <source>Type an amount in dollars, such as 10000 or 10000.50.</source>
        <translation>Geben Sie einen Betrag in Dollar ein, etwa 10000 oder 10000.50.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>sfdesk::SshBootstrapDialog</name>
    <message>
        <source>Choose a public key or generate one.</source>
        <translation>Wählen Sie einen öffentlichen Schlüssel oder erzeugen Sie einen.</translation>
    </message>
    <message>
        <source>No public keys in %1: generate one below.</source>
        <translation>Keine öffentlichen Schlüssel in %1: Erzeugen Sie unten einen.</translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation>(kein Schlüssel)</translation>
    </message>
    <message>
        <source>Generated %1 (private key, readable only by you) and %2.</source>
        <translation>%1 (privater Schlüssel, nur für Sie lesbar) und %2 erzeugt.</translation>
    </message>
</context>
<context>
    <name>sfdesk::SshDetailsDialog</name>
    <message>
        <source>SSH to %1</source>
        <translation>SSH zu %1</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>Log in as the user your cloud-init user data created (%1 with the SSH bootstrap; root login is disabled) with its key, or use %2:</source>
        <translation>Melden Sie sich als der Benutzer an, den Ihre cloud-init-Benutzerdaten angelegt haben (%1 mit dem SSH-Bootstrap; die Anmeldung als root ist gesperrt), mit seinem Schlüssel, oder verwenden Sie %2:</translation>
    </message>
    <message>
        <source>No SSH details yet (%1). A running instance can take up to ten minutes to boot.</source>
        <translation>Noch keine SSH-Details (%1). Eine laufende Instanz kann bis zu zehn Minuten zum Starten brauchen.</translation>
    </message>
    <message>
        <source>The server gave no usable address for this instance (&quot;%1&quot;); use %2 instead.</source>
        <translation>Der Server hat keine brauchbare Adresse für diese Instanz angegeben („%1“); verwenden Sie stattdessen %2.</translation>
    </message>
</context>
<context>
    <name>sfdesk::StartPage</name>
    <message>
        <source>Owned nodes of %1 over the next 7 days</source>
        <translation>Eigene Knoten von %1 in den nächsten 7 Tagen</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) throughout</source>
        <translation>
            <numerusform>durchgehend %n Knoten</numerusform>
            <numerusform>durchgehend %n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>from %1 to %2 nodes</source>
        <translation>von %1 bis %2 Knoten</translation>
    </message>
    <message>
        <source>Sell</source>
        <translation>Verkaufen</translation>
    </message>
    <message>
        <source>Buy</source>
        <translation>Kaufen</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Your account at a glance&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Ihr Konto auf einen Blick&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>sfdesk shows your pools, instances, orders and price watches here once the connection is signed in. The bar above says why it is not, and signs you in.</source>
        <translation>sfdesk zeigt hier Ihre Pools, Instanzen, Aufträge und Preisbeobachtungen, sobald die Verbindung angemeldet ist. Die Leiste darüber sagt, warum sie es nicht ist, und meldet Sie an.</translation>
    </message>
    <message>
        <source>Owned nodes</source>
        <translation>Eigene Knoten</translation>
    </message>
    <message>
        <source>Open &amp;Pools</source>
        <translation>&amp;Pools öffnen</translation>
    </message>
    <message>
        <source>Open &amp;Reservations</source>
        <translation>&amp;Reservierungen öffnen</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>Instanzen</translation>
    </message>
    <message>
        <source>Open &amp;Instances</source>
        <translation>&amp;Instanzen öffnen</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Aufträge</translation>
    </message>
    <message>
        <source>Open &amp;Orders</source>
        <translation>Au&amp;fträge öffnen</translation>
    </message>
    <message>
        <source>Price watches</source>
        <translation>Preisbeobachtungen</translation>
    </message>
    <message>
        <source>Price &amp;Watches…</source>
        <translation>Pr&amp;eisbeobachtungen…</translation>
    </message>
    <message>
        <source>sfdesk %1: InfiniBand partitions, reservations on a chart, cloud-init with the SSH key bootstrap, fleets and capacity for SF Compute. F1 lists the keyboard shortcuts; Ctrl+1 to Ctrl+0 open the sections.</source>
        <translation>sfdesk %1: InfiniBand-Partitionen, Reservierungen im Diagramm, Cloud-init mit dem SSH-Schlüssel-Bootstrap, Flotten und Kapazität für SF Compute. F1 listet die Tastenkürzel; Strg+1 bis Strg+0 öffnen die Bereiche.</translation>
    </message>
    <message>
        <source>Not signed in</source>
        <translation>Nicht angemeldet</translation>
    </message>
    <message>
        <source>All workspaces</source>
        <translation>Alle Arbeitsbereiche</translation>
    </message>
    <message>
        <source>Workspace %1</source>
        <translation>Arbeitsbereich %1</translation>
    </message>
    <message>
        <source>Reading the pools…</source>
        <translation>Die Pools werden gelesen…</translation>
    </message>
    <message>
        <source>No pools. Create one in Pools, then buy nodes for it in Reservations.</source>
        <translation>Keine Pools. Erstellen Sie einen unter Pools und kaufen Sie dann unter Reservierungen Knoten dafür.</translation>
    </message>
    <message numerus="yes">
        <source>%n pool(s)</source>
        <translation>
            <numerusform>%n Pool</numerusform>
            <numerusform>%n Pools</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: no nodes this week</source>
        <translation>%1: keine Knoten in dieser Woche</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n node(s) all week</source>
        <translation>
            <numerusform>%1: %n Knoten die ganze Woche</numerusform>
            <numerusform>%1: %n Knoten die ganze Woche</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 now, %3 to %4 over the week</source>
        <translation>%1: jetzt %2, über die Woche %3 bis %4</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more in Pools</source>
        <translation>
            <numerusform>und %n weiterer unter Pools</numerusform>
            <numerusform>und %n weitere unter Pools</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the instances…</source>
        <translation>Die Instanzen werden gelesen…</translation>
    </message>
    <message>
        <source>%1 running, %2 starting.</source>
        <translation>%1 laufen, %2 starten.</translation>
    </message>
    <message numerus="yes">
        <source>%n instance(s)</source>
        <translation>
            <numerusform>%n Instanz</numerusform>
            <numerusform>%n Instanzen</numerusform>
        </translation>
    </message>
    <message>
        <source>On no InfiniBand partition</source>
        <translation>In keiner InfiniBand-Partition</translation>
    </message>
    <message>
        <source>%1: %2 running, %3 starting</source>
        <translation>%1: %2 laufen, %3 starten</translation>
    </message>
    <message>
        <source>%1: %2 running</source>
        <translation>%1: %2 laufen</translation>
    </message>
    <message>
        <source>Reading the orders…</source>
        <translation>Die Aufträge werden gelesen…</translation>
    </message>
    <message>
        <source>No open orders.</source>
        <translation>Keine offenen Aufträge.</translation>
    </message>
    <message numerus="yes">
        <source>%n open order(s), %1 standing on the book.</source>
        <translation>
            <numerusform>%n offener Auftrag, %1 davon stehend im Orderbuch.</numerusform>
            <numerusform>%n offene Aufträge, %1 davon stehend im Orderbuch.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 × %3 from %4 for %5 at %6 (%7)</source>
        <translation>%1 %2 × %3 ab %4 für %5 zu %6 (%7)</translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n Stunde</numerusform>
            <numerusform>%n Stunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more in Orders</source>
        <translation>
            <numerusform>und %n weiterer unter Aufträge</numerusform>
            <numerusform>und %n weitere unter Aufträge</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 × %3: %4</source>
        <translation>%1, %2 × %3: %4</translation>
    </message>
    <message>
        <source>%1 waiting for their price, %2 offered.</source>
        <translation>%1 warten auf ihren Preis, %2 angeboten.</translation>
    </message>
    <message numerus="yes">
        <source>%n watch(es)</source>
        <translation>
            <numerusform>%n Beobachtung</numerusform>
            <numerusform>%n Beobachtungen</numerusform>
        </translation>
    </message>
    <message>
        <source>On the Reservations chart, Watch This Window… tells you when the market offers a window at your price.</source>
        <translation>Im Diagramm der Reservierungen meldet „Dieses Fenster beobachten…“, wenn der Markt ein Fenster zu Ihrem Preis anbietet.</translation>
    </message>
    <message>
        <source>This month</source>
        <translation>Dieser Monat</translation>
    </message>
    <message>
        <source>Open &amp;Money</source>
        <translation>Ge&amp;ld öffnen</translation>
    </message>
    <message>
        <source>Net spend this month: %1 (bought minus sold, by the time of the fill).
What you own now was bought for %2 per hour.</source>
        <translation>Nettoausgaben in diesem Monat: %1 (gekauft minus verkauft, nach Zeitpunkt der Ausführung).
Was Sie jetzt besitzen, wurde für %2 pro Stunde gekauft.</translation>
    </message>
    <message>
        <source>Open Infini&amp;Band Partitions</source>
        <translation>Infini&amp;Band-Partitionen öffnen</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) owned now in %1; %2 idle in the next 48 hours (Pools &gt; Sell Idle… offers them).</source>
        <translation>
            <numerusform>%n Knoten jetzt in %1; %2 ungenutzt in den nächsten 48 Stunden (Pools &gt; Ungenutzte Knoten verkaufen… bietet sie an).</numerusform>
            <numerusform>%n Knoten jetzt in %1; %2 ungenutzt in den nächsten 48 Stunden (Pools &gt; Ungenutzte Knoten verkaufen… bietet sie an).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node-hour(s)</source>
        <translation>
            <numerusform>%n Knotenstunde</numerusform>
            <numerusform>%n Knotenstunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; %n node-hour(s) idle</source>
        <translation>
            <numerusform>%1; %n Knotenstunde ungenutzt</numerusform>
            <numerusform>%1; %n Knotenstunden ungenutzt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::TopologyDialog</name>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Inaktiv</translation>
    </message>
    <message>
        <source>Not reported yet</source>
        <translation>Noch nicht gemeldet</translation>
    </message>
    <message>
        <source>All fabrics</source>
        <translation>Alle Fabrics</translation>
    </message>
    <message>
        <source>All workspaces shown</source>
        <translation>Alle angezeigten Arbeitsbereiche</translation>
    </message>
    <message>
        <source>Fabric %1</source>
        <translation>Fabric %1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>No partitions</source>
        <translation>Keine Partitionen</translation>
    </message>
    <message>
        <source>%1 (workspace %2)</source>
        <translation>%1 (Arbeitsbereich %2)</translation>
    </message>
    <message numerus="yes">
        <source>%n instance(s) attached</source>
        <translation>
            <numerusform>%n Instanz verbunden</numerusform>
            <numerusform>%n Instanzen verbunden</numerusform>
        </translation>
    </message>
    <message>
        <source>Console not readable</source>
        <translation>Konsole nicht lesbar</translation>
    </message>
    <message>
        <source>Not read</source>
        <translation>Nicht gelesen</translation>
    </message>
    <message>
        <source>Releasing</source>
        <translation>Wird freigegeben</translation>
    </message>
    <message>
        <source>None yet</source>
        <translation>Noch keiner</translation>
    </message>
    <message>
        <source>The InfiniBand preview is not enabled for this account: enrol on the Partitions page to see its fabrics and partitions.</source>
        <translation>Die InfiniBand-Vorschau ist für dieses Konto nicht aktiviert: Melden Sie sich auf der Seite Partitionen an, um Fabrics und Partitionen zu sehen.</translation>
    </message>
    <message>
        <source>Partitions: %1. Attached instances: %2. Ports reported active: %3. A terminated instance holds its partition until its node releases it.</source>
        <translation>Partitionen: %1. Verbundene Instanzen: %2. Als aktiv gemeldete Ports: %3. Eine beendete Instanz hält ihre Partition, bis ihr Knoten sie freigibt.</translation>
    </message>
    <message>
        <source>Deployment %1</source>
        <translation>Deployment %1</translation>
    </message>
    <message numerus="yes">
        <source>%n instance(s)</source>
        <translation>
            <numerusform>%n Instanz</numerusform>
            <numerusform>%n Instanzen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::UpdatedLabel</name>
    <message numerus="yes">
        <source>updated %n s ago</source>
        <translation>
            <numerusform>vor %n s aktualisiert</numerusform>
            <numerusform>vor %n s aktualisiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>updated %n min ago</source>
        <translation>
            <numerusform>vor %n min aktualisiert</numerusform>
            <numerusform>vor %n min aktualisiert</numerusform>
        </translation>
    </message>
    <message>
        <source>refresh failed</source>
        <translation>Aktualisierung fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1; refresh failed</source>
        <translation>%1; Aktualisierung fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>sfdesk::UploadImageDialog</name>
    <message numerus="yes">
        <source>The file goes up in parts of %2, %n at a time, into workspace &quot;%1&quot;; SF Compute checks its SHA-256 when the last part is in. An interrupted upload goes on from where it stopped, also after the app was closed.</source>
        <translation>
            <numerusform>Die Datei geht in Teilen von %2, %n zugleich, in den Arbeitsbereich „%1“; SF Compute prüft ihre SHA-256, wenn der letzte Teil da ist. Ein unterbrochenes Hochladen geht dort weiter, wo es aufhörte, auch nachdem die App geschlossen war.</numerusform>
            <numerusform>Die Datei geht in Teilen von %2, %n zugleich, in den Arbeitsbereich „%1“; SF Compute prüft ihre SHA-256, wenn der letzte Teil da ist. Ein unterbrochenes Hochladen geht dort weiter, wo es aufhörte, auch nachdem die App geschlossen war.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Upload</source>
        <translation>&amp;Hochladen</translation>
    </message>
    <message>
        <source>Choose the Image File</source>
        <translation>Image-Datei wählen</translation>
    </message>
    <message>
        <source>Disk images (*.img *.raw *.qcow2 *.iso);;All files (*)</source>
        <translation>Festplattenimages (*.img *.raw *.qcow2 *.iso);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>There is no file %1.</source>
        <translation>Die Datei %1 gibt es nicht.</translation>
    </message>
    <message>
        <source>%1 is not a file this app can read.</source>
        <translation>%1 ist keine Datei, die diese App lesen kann.</translation>
    </message>
    <message>
        <source>%1 is %2; an image has at most 128 GiB.</source>
        <translation>%1 ist %2 groß; ein Image hat höchstens 128 GiB.</translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n part(s) of up to %2.</source>
        <translation>
            <numerusform>%1 in %n Teil von bis zu %2.</numerusform>
            <numerusform>%1 in %n Teilen von bis zu %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>An image named &quot;%1&quot; is already in this workspace.</source>
        <translation>In diesem Arbeitsbereich gibt es schon ein Image namens „%1“.</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>DATEI</translation>
    </message>
</context>
<context>
    <name>sfdesk::ViewContext</name>
    <message>
        <source>Loading workspaces</source>
        <translation>Arbeitsbereiche werden geladen</translation>
    </message>
    <message>
        <source>Loading preview features</source>
        <translation>Vorschaufunktionen werden geladen</translation>
    </message>
    <message>
        <source>Enrolled in the InfiniBand preview.</source>
        <translation>Für die InfiniBand-Vorschau angemeldet.</translation>
    </message>
    <message>
        <source>SF Compute has to enable the InfiniBand preview for this account: it cannot be turned on from here (%1). Contact SF Compute and they will set you up.</source>
        <translation>SF Compute muss die InfiniBand-Vorschau für dieses Konto freischalten: Sie lässt sich nicht von hier aus einschalten (%1). Wenden Sie sich an SF Compute, dort wird sie für Sie eingerichtet.</translation>
    </message>
    <message>
        <source>Enrolling in the InfiniBand preview</source>
        <translation>Anmeldung für die InfiniBand-Vorschau</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
</context>
<context>
    <name>sfdesk::WindowSearchDialog</name>
    <message>
        <source>Shortest length: %1</source>
        <translation>Kürzeste Länge: %1</translation>
    </message>
    <message>
        <source>Longest length: %1</source>
        <translation>Längste Länge: %1</translation>
    </message>
    <message>
        <source>Earliest start: %1</source>
        <translation>Frühester Beginn: %1</translation>
    </message>
    <message>
        <source>Latest start: %1</source>
        <translation>Spätester Beginn: %1</translation>
    </message>
    <message>
        <source>The length runs from at least an hour to no less than the shortest.</source>
        <translation>Die Länge reicht von mindestens einer Stunde bis nicht unter die kürzeste.</translation>
    </message>
    <message>
        <source>The latest start is before the earliest.</source>
        <translation>Der späteste Beginn liegt vor dem frühesten.</translation>
    </message>
    <message>
        <source>Search at most 8 weeks ahead from the earliest start, lengths included.</source>
        <translation>Suchen Sie höchstens 8 Wochen ab dem frühesten Beginn, Längen eingeschlossen.</translation>
    </message>
    <message>
        <source>Reading the order book…</source>
        <translation>Das Orderbuch wird gelesen…</translation>
    </message>
    <message numerus="yes">
        <source>%n window(s), best first. Enter selects one on the chart.</source>
        <translation>
            <numerusform>%n Fenster, das beste zuerst. Die Eingabetaste wählt eines im Diagramm aus.</numerusform>
            <numerusform>%n Fenster, das beste zuerst. Die Eingabetaste wählt eines im Diagramm aus.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select on Char&amp;t</source>
        <translation>Im &amp;Diagramm auswählen</translation>
    </message>
    <message>
        <source>Total cost</source>
        <translation>Gesamtkosten</translation>
    </message>
    <message>
        <source>Price per node-hour</source>
        <translation>Preis pro Knotenstunde</translation>
    </message>
    <message numerus="yes">
        <source>No window of that length is offered in whole for %n node(s) at the best ask between those starts.</source>
        <translation>
            <numerusform>Kein Fenster dieser Länge wird zwischen diesen Anfangszeiten für %n Knoten zum besten Angebot vollständig angeboten.</numerusform>
            <numerusform>Kein Fenster dieser Länge wird zwischen diesen Anfangszeiten für %n Knoten zum besten Angebot vollständig angeboten.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Keep with a Procurement…</source>
        <translation>Mit einer Beschaffung &amp;vorhalten…</translation>
    </message>
    <message>
        <source>A procurement that keeps these nodes from now on, up to the window&apos;s end, with a price cap a tenth above its price</source>
        <translation>Eine Beschaffung, die diese Knoten ab jetzt bis zum Ende des Zeitfensters vorhält, mit einem Höchstpreis ein Zehntel über dessen Preis</translation>
    </message>
    <message>
        <source>The order book could not be read: %1 Find searches again.</source>
        <translation>Das Orderbuch konnte nicht gelesen werden: %1 Suchen sucht erneut.</translation>
    </message>
    <message>
        <source>&amp;Watch…</source>
        <translation>Beobac&amp;hten…</translation>
    </message>
    <message>
        <source>Be told once when this window is offered at or under a price</source>
        <translation>Einmal benachrichtigt werden, wenn dieses Fenster zu einem Preis oder darunter angeboten wird</translation>
    </message>
</context>
<context>
    <name>sfdesk::WorkspaceBar</name>
    <message>
        <source>The workspace this view shows and creates in</source>
        <translation>Der Arbeitsbereich, den diese Ansicht zeigt und in dem sie erstellt</translation>
    </message>
    <message>
        <source>List every workspace you can read (sf … list --all)</source>
        <translation>Alle Arbeitsbereiche auflisten, die Sie lesen können (sf … list --all)</translation>
    </message>
    <message>
        <source>&amp;Workspace:</source>
        <translation>&amp;Arbeitsbereich:</translation>
    </message>
    <message>
        <source>All wor&amp;kspaces</source>
        <translation>Alle Arbeits&amp;bereiche</translation>
    </message>
    <message>
        <source>Every workspace is listed; clear All workspaces to show and create in one</source>
        <translation>Alle Arbeitsbereiche werden aufgelistet; wählen Sie „Alle Arbeitsbereiche“ ab, um einen anzuzeigen und darin anzulegen</translation>
    </message>
</context>
<context>
    <name>sfdesk::WorkspaceModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
</context>
</TS>
