;;; tdls.el --- TableGen (LLVM, MLIR ODS and DRR) with the tdls language server  -*- lexical-binding: t; -*-

;; Version: 0.2.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages, tools
;; URL: https://github.com/tdls/tdls
;; SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

;;; Commentary:

;; Registers the tdls language server for `.td' files with eglot (built
;; into Emacs 29; the `eglot' package, e.g. Debian's elpa-eglot, before) and
;; with lsp-mode when it is installed, and adds the previews of the C++
;; mlir-tblgen generates:
;;
;;   M-x tdls-show-rewriter       the C++ of the DRR pattern at point, in a
;;                                `c++-mode' buffer that follows your edits
;;                                (C-u: every pattern of the file)
;;   M-x tdls-show-declarations   the declarations (op-decls, attrdef-decls,
;;                                enum-decls, ...) of the op, attribute,
;;                                type, enum, interface, pass or dialect at
;;                                point (C-u: the whole file's)
;;   M-x tdls-show-definitions    their definitions
;;   M-x tdls-show-documentation  their documentation, in `markdown-mode'
;;                                when it is installed
;;
;; The code actions "Show generated declarations/definitions/documentation"
;; and "Show generated rewriter" open the same live previews.
;;
;; From C++, M-x tdls-tablegen-definition goes from the name at point (an
;; op, attribute, type, interface or pass class, an accessor such as
;; getLhs, a member a .td requires, a helper a pattern calls) to its
;; TableGen declaration, through the tdls of a .td buffer of the project:
;;
;;   (with-eval-after-load 'cc-mode
;;     (define-key c++-mode-map (kbd "C-c t d") #'tdls-tablegen-definition))
;;
;; `.td' files open in `tablegen-mode': LLVM's (llvm/utils/emacs) when it
;; is on the `load-path', else the small one defined here (keywords, bang
;; operators, `[{ ... }]' code, comments).
;;
;;   (add-to-list 'load-path "/path/to/tdls/editors/emacs")
;;   (require 'tdls)
;;   (add-hook 'tablegen-mode-hook #'eglot-ensure)   ; or #'lsp-deferred
;;
;; Settings: `tdls-server-path', `tdls-include-dirs',
;; `tdls-compilation-databases', `tdls-preview-engine', `tdls-severity',
;; `tdls-trusted-roots' (M-x customize-group RET tdls).
;;
;; A repository's own executables (its build tree's mlir-tblgen, what its
;; compile databases and CMake caches name) run only in a root you trust:
;; M-x tdls-trust saves the project's root in `tdls-trusted-roots' with
;; your customizations (never in the project), M-x tdls-untrust takes it
;; back.  Directory-local values of the server and trust settings are
;; ignored: a repository cannot set them.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'url-util)
(require 'xref)

(defgroup tdls nil
  "TableGen through the tdls language server."
  :group 'languages
  :prefix "tdls-")

(defcustom tdls-server-path "tdls"
  "The tdls executable: a file name, or a command found on `exec-path'."
  :type 'string)

(defcustom tdls-server-args nil
  "Extra arguments of `tdls serve', e.g. (\"--log-file\" \"/tmp/tdls.log\")."
  :type '(repeat string))

(defcustom tdls-include-dirs nil
  "Extra include directories of .td files (like -I), relative to the project root."
  :type '(repeat directory))

(defcustom tdls-compilation-databases nil
  "tablegen_compile_commands.yml files of build trees.
Empty: tdls looks under build*/ of the project."
  :type '(repeat file))

(defcustom tdls-preview-engine "auto"
  "What generates the previews: tdls's own emitter or mlir-tblgen."
  :type '(choice (const "auto") (const "native") (const "mlir-tblgen")))

(defcustom tdls-severity nil
  "Levels of diagnostic codes, as an alist of (PATTERN . LEVEL).
PATTERN is a code (\"drr-result-types\"), a prefix ending in *
\(\"ods-format-*\") or \"*\"; LEVEL is \"off\", \"hint\", \"information\",
\"warning\" or \"error\".  The most specific pattern wins; these settings are
above the project's .tdls.yaml.  `tdls codes' lists every code."
  :type '(alist :key-type (string :tag "Code, prefix* or *")
                :value-type (choice (const "off") (const "hint") (const "information")
                                    (const "warning") (const "error"))))

(defcustom tdls-trusted-roots nil
  "Project roots you trust: tdls may run their executables.
A build tree's mlir-tblgen, or what a compile database, a CMake cache or
a .tdls.yaml of the project names, runs only under one of these.  Set by
`tdls-trust'; a directory-local value is ignored."
  :type '(repeat directory))

;; A repository's .dir-locals.el must not choose what runs.
(dolist (var '(tdls-server-path tdls-server-args tdls-trusted-roots))
  (put var 'risky-local-variable t))

(defcustom tdls-preview-delay 0.3
  "Seconds after the last edit before a preview is regenerated."
  :type 'number)

;;;; The server

(defun tdls--command ()
  "The command line that starts the server, from the user's settings."
  (let ((path (default-value 'tdls-server-path)))
    (append (list (or (executable-find path) path) "serve")
            (default-value 'tdls-server-args))))

(defun tdls--trusted-roots ()
  "The roots the user trusts, absolute: never a directory-local value."
  (mapcar (lambda (d) (directory-file-name (expand-file-name d)))
          (default-value 'tdls-trusted-roots)))

(defun tdls--initialization-options (&rest _)
  "The settings tdls reads from initializationOptions."
  (append
   (list :includeDirs (vconcat tdls-include-dirs)
         :compilationDatabases (vconcat tdls-compilation-databases)
         :preview (list :engine tdls-preview-engine)
         :trustedFolders (vconcat (tdls--trusted-roots)))
   (when tdls-severity
     ;; A hash table: the patterns are JSON keys as written.
     (let ((levels (make-hash-table :test #'equal)))
       (dolist (rule tdls-severity)
         (puthash (car rule) (cdr rule) levels))
       (list :severity levels)))))

;;;; tablegen-mode, when the user has none

(defvar tdls-tablegen-mode-syntax-table
  (let ((st (make-syntax-table)))
    (modify-syntax-entry ?_ "_" st)
    (modify-syntax-entry ?$ "'" st)
    (modify-syntax-entry ?! "'" st)
    (modify-syntax-entry ?# "." st)
    (modify-syntax-entry ?' "." st)
    (modify-syntax-entry ?\" "\"" st)
    (modify-syntax-entry ?\\ "\\" st)
    ;; // line comments and nestable /* */ block comments.
    (modify-syntax-entry ?/ ". 124b" st)
    (modify-syntax-entry ?* ". 23n" st)
    (modify-syntax-entry ?\n "> b" st)
    st)
  "Syntax table of the fallback `tablegen-mode'.")

(defconst tdls--tablegen-keywords
  '("assert" "class" "def" "defm" "defset" "deftype" "defvar" "dump" "else"
    "field" "foreach" "if" "in" "include" "let" "multiclass" "then")
  "TableGen's statement keywords.")

(defconst tdls--tablegen-types
  '("bit" "bits" "code" "dag" "int" "list" "string")
  "TableGen's type keywords.")

(defvar tdls-tablegen-font-lock-keywords
  `((,(concat "^[ \t]*#[ \t]*" (regexp-opt '("define" "ifdef" "ifndef" "else" "endif") t) "\\_>")
     . font-lock-preprocessor-face)
    (,(concat "\\_<" (regexp-opt '("class" "multiclass") t) "[ \t\n]+\\(\\(?:\\sw\\|\\s_\\)+\\)")
     (2 font-lock-type-face))
    (,(concat "\\_<" (regexp-opt '("def" "defm" "defset" "defvar" "deftype") t) "[ \t\n]+\\(\\(?:\\sw\\|\\s_\\)+\\)")
     (2 font-lock-function-name-face))
    (,(regexp-opt tdls--tablegen-keywords 'symbols) . font-lock-keyword-face)
    (,(regexp-opt tdls--tablegen-types 'symbols) . font-lock-type-face)
    (,(regexp-opt '("true" "false" "?") 'symbols) . font-lock-constant-face)
    ("![a-z_]+" . font-lock-builtin-face)
    ("\\$\\(?:\\sw\\|\\s_\\)+" . font-lock-variable-name-face)
    ("\\_<\\(?:0x[0-9a-fA-F]+\\|0b[01]+\\|[-+]?[0-9]+\\)\\_>" . font-lock-constant-face))
  "Highlighting of the fallback `tablegen-mode'.")

(defface tdls-tablegen-code-face
  '((t :inherit font-lock-doc-face))
  "Face of the C++ inside [{ ... }] in the fallback `tablegen-mode'.")

(defun tdls--tablegen-close-code ()
  "Mark the }] that ends the code block point is in as a string fence."
  (when (search-forward "}]" nil 'move)
    (put-text-property (1- (point)) (point) 'syntax-table (string-to-syntax "|"))))

(defun tdls--tablegen-syntax-propertize (start end)
  "Make each [{ ... }] between START and END a string, so that quotes and
comment starters in the C++ inside do not confuse the TableGen around it."
  (goto-char start)
  (when (eq t (nth 3 (syntax-ppss)))
    (tdls--tablegen-close-code))
  (while (and (< (point) end) (search-forward "[{" end t))
    (let ((open (match-beginning 0)))
      (unless (nth 8 (save-excursion (syntax-ppss open)))
        (put-text-property open (1+ open) 'syntax-table (string-to-syntax "|"))
        (tdls--tablegen-close-code)))))

(defun tdls--tablegen-syntactic-face (state)
  "Faces of strings, code blocks and comments, from the syntax STATE."
  (cond ((eq t (nth 3 state)) 'tdls-tablegen-code-face)
        ((nth 3 state) font-lock-string-face)
        (t font-lock-comment-face)))

(defcustom tdls-tablegen-indent-offset 2
  "Indentation of one level of brackets in the fallback `tablegen-mode'."
  :type 'integer)

(defun tdls-tablegen-indent-line ()
  "Indent the line by its bracket depth; code blocks keep theirs."
  (let* ((ppss (save-excursion (syntax-ppss (line-beginning-position))))
         (depth (car ppss)))
    (unless (nth 8 ppss)
      (save-excursion
        (back-to-indentation)
        (when (looking-at-p "[]})>]")
          (setq depth (1- depth)))
        (indent-line-to (* (max depth 0) tdls-tablegen-indent-offset)))
      (when (< (current-column) (current-indentation))
        (back-to-indentation)))))

(define-derived-mode tdls-tablegen-mode prog-mode "TableGen"
  "Major mode for LLVM TableGen files (the fallback of the tdls package)."
  :syntax-table tdls-tablegen-mode-syntax-table
  (setq-local comment-start "// ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "\\(?://+\\|/\\*+\\)\\s-*")
  (setq-local syntax-propertize-function #'tdls--tablegen-syntax-propertize)
  (setq-local indent-line-function #'tdls-tablegen-indent-line)
  (setq-local font-lock-defaults
              '(tdls-tablegen-font-lock-keywords nil nil nil nil
                (font-lock-syntactic-face-function . tdls--tablegen-syntactic-face))))

;; LLVM's tablegen-mode wins when it is installed; ours stands in otherwise.
;; Either way the buffers' major mode is `tablegen-mode', which is what the
;; language id "tablegen" is derived from.
(unless (fboundp 'tablegen-mode)
  (if (locate-library "tablegen-mode")
      (autoload 'tablegen-mode "tablegen-mode" "LLVM's TableGen mode." t)
    (define-derived-mode tablegen-mode tdls-tablegen-mode "TableGen"
      "Major mode for LLVM TableGen files (tdls's, as LLVM's is not installed).")))

(add-to-list 'auto-mode-alist '("\\.td\\'" . tablegen-mode))

;;;; The user's LLVM, as the server found it

(defcustom tdls-mode-line t
  "Show the user's LLVM release in the mode line of TableGen buffers."
  :type 'boolean)

(defvar tdls-llvm nil
  "The user's LLVM as the server last reported it (tdls/llvm): a plist of
:found, :version, :major, :from, :path, :modelled and :notice (which checks
may disagree, when the release is not the one tdls models).")

(defun tdls--llvm-reported (params)
  "Keep the tdls/llvm notification's PARAMS (a plist or a hash table)."
  (setq tdls-llvm
        (cl-loop for key in '(:found :version :major :from :path :modelled :notice)
                 append (list key (tdls--get params key))))
  (force-mode-line-update t))

(defun tdls-status ()
  "A short text naming the user's LLVM; \"\" before the server reports."
  (let ((l tdls-llvm))
    (cond ((null l) "")
          ((not (eq (plist-get l :found) t)) "LLVM not found")
          ((not (eql (plist-get l :major) (plist-get l :modelled)))
           (format "LLVM %s (tdls models %s)" (plist-get l :version) (plist-get l :modelled)))
          (t (format "LLVM %s" (plist-get l :version))))))

(defun tdls-llvm ()
  "Say which LLVM the server found, and what may disagree when it is not
the release tdls models."
  (interactive)
  (let ((l tdls-llvm))
    (message "%s"
             (cond ((null l) "tdls has not reported an LLVM yet")
                   ((not (eq (plist-get l :found) t))
                    (format "tdls found no LLVM; it checks as LLVM %s" (plist-get l :modelled)))
                   (t (format "tdls: LLVM %s (%s of %s)%s" (plist-get l :version) (plist-get l :from)
                              (plist-get l :path)
                              (let ((n (plist-get l :notice))) (if (stringp n) (concat "\n" n) ""))))))))

(add-to-list 'mode-line-misc-info
             '(:eval (when (and tdls-mode-line (derived-mode-p 'tablegen-mode)
                                (not (string-empty-p (tdls-status))))
                       (concat " [" (tdls-status) "] "))))

;;;; eglot

(defconst tdls--preview-commands
  '(("tdls.showGenerated" . "decls") ("tdls.showGeneratedRewriter" . "rewriter"))
  "The server's preview commands, each with the view it shows by default.")

(defun tdls--command-view (command)
  "The default view of the server's preview COMMAND, nil for another command."
  (cdr (assoc command tdls--preview-commands)))

(defvar eglot-server-programs)
(declare-function eglot-current-server "eglot")
(declare-function eglot--TextDocumentIdentifier "eglot")
(declare-function eglot--pos-to-lsp-position "eglot")
(declare-function eglot--lsp-position-to-point "eglot")
(declare-function eglot--signal-textDocument/didChange "eglot")
(declare-function jsonrpc-async-request "jsonrpc")
(declare-function tdls-eglot-server-p "tdls")
(declare-function tdls-eglot-server--eieio-childp "tdls")

(with-eval-after-load 'eglot
  ;; A subclass of eglot's server, so that the server's code action "Show
  ;; generated rewriter" opens the live preview instead of a file.
  (defclass tdls-eglot-server (eglot-lsp-server) ()
    :documentation "The tdls language server.")
  ;; (Eglot 1.9 passes COMMAND as a symbol, later ones as a string. The
  ;; eglot of Emacs 30+ runs commands without this method, and then shows
  ;; the server's preview file through window/showDocument.)
  (cl-defmethod eglot-execute-command ((_server tdls-eglot-server) command arguments)
    (if-let ((view (tdls--command-view (format "%s" command))))
        (tdls--preview-from-command arguments view)
      (cl-call-next-method)))
  (cl-defmethod eglot-handle-notification ((_server tdls-eglot-server) (_method (eql tdls/llvm)) &rest params)
    (tdls--llvm-reported params))
  (add-to-list 'eglot-server-programs '(tablegen-mode . tdls--eglot-contact)))

(defun tdls--eglot-contact (&rest _)
  "How eglot starts tdls, read when it starts (settings may have changed)."
  `(tdls-eglot-server ,@(tdls--command)
                      :initializationOptions ,(tdls--initialization-options)))

;;;; lsp-mode

(defvar lsp-language-id-configuration)
(declare-function lsp-register-client "lsp-mode")
(declare-function make-lsp-client "lsp-mode")
(declare-function lsp-stdio-connection "lsp-mode")
(declare-function lsp-activate-on "lsp-mode")
(declare-function lsp-request-async "lsp-mode")
(declare-function lsp--text-document-identifier "lsp-mode")
(declare-function lsp--cur-position "lsp-mode")
(declare-function lsp--position-to-point "lsp-mode")
(declare-function lsp-workspaces "lsp-mode")

(with-eval-after-load 'lsp-mode
  (add-to-list 'lsp-language-id-configuration '(tablegen-mode . "tablegen"))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection #'tdls--command)
    :activation-fn (lsp-activate-on "tablegen")
    :initialization-options #'tdls--initialization-options
    :notification-handlers (let ((h (make-hash-table :test #'equal)))
                             (puthash "tdls/llvm" (lambda (_workspace params) (tdls--llvm-reported params)) h)
                             h)
    :action-handlers (let ((h (make-hash-table :test #'equal)))
                       (dolist (c tdls--preview-commands)
                         (puthash (car c)
                                  (lambda (command) (tdls--preview-from-command (tdls--get command :arguments) (cdr c)))
                                  h))
                       h)
    :server-id 'tdls)))

;;;; The requests, through whichever client manages the buffer

(defun tdls--client ()
  "`eglot' or `lsp-mode': the client that runs tdls for this buffer."
  (cond ((and (fboundp 'tdls-eglot-server-p)
              (tdls-eglot-server-p (eglot-current-server)))
         'eglot)
        ((and (bound-and-true-p lsp-mode) (lsp-workspaces))
         'lsp-mode)
        (t (user-error "tdls is not running for this buffer (M-x eglot or M-x lsp)"))))

(defun tdls--position (pos)
  "POS as an LSP position."
  (save-excursion
    (goto-char pos)
    (if (eq (tdls--client) 'eglot)
        (eglot--pos-to-lsp-position)
      (lsp--cur-position))))

(defun tdls--document ()
  "The LSP text document identifier of the current buffer."
  (if (eq (tdls--client) 'eglot)
      (eglot--TextDocumentIdentifier)
    (lsp--text-document-identifier)))

(defun tdls--request (method params on-success on-error)
  "Send METHOD with PARAMS for the current buffer, after its pending edits.
Calls ON-SUCCESS with the result, ON-ERROR with a message."
  (pcase (tdls--client)
    ('eglot
     ;; eglot sends edits on an idle timer: flush them first, so that the
     ;; server answers about the text on screen.
     (eglot--signal-textDocument/didChange)
     (jsonrpc-async-request (eglot-current-server) method params
                            :success-fn on-success
                            :error-fn (lambda (err) (funcall on-error (plist-get err :message)))
                            :deferred nil))
    ('lsp-mode
     (lsp-request-async (substring (symbol-name method) 1) params on-success
                        :error-handler (lambda (err) (funcall on-error (tdls--get err :message)))
                        :mode 'detached))))

;;;; From C++ to TableGen

(defun tdls--server-buffer ()
  "A TableGen buffer whose tdls can answer about the current buffer's
file: of its project when there is one, else any; nil when tdls runs for
none."
  (let ((root (tdls--project-root))
        found)
    (dolist (b (buffer-list))
      (when (and (with-current-buffer b (derived-mode-p 'tablegen-mode))
                 (with-current-buffer b (ignore-errors (tdls--client))))
        (let ((name (buffer-file-name b)))
          (when (or (null found)
                    (and name (string-prefix-p root (expand-file-name name))
                         (not (string-prefix-p root (or (buffer-file-name found) "")))))
            (setq found b)))))
    found))

(defun tdls--utf16-column (pos)
  "The UTF-16 column of POS on its line, as LSP counts it."
  (/ (length (encode-coding-string (buffer-substring-no-properties (line-beginning-position) pos)
                                   'utf-16le t))
     2))

(defun tdls--goto-utf16 (line character)
  "Point to 0-based LINE and UTF-16 CHARACTER in the current buffer."
  (goto-char (point-min))
  (forward-line line)
  (let ((units 0))
    (while (and (< units character) (not (eolp)))
      (setq units (+ units (if (> (char-after) #xffff) 2 1)))
      (forward-char 1))))

(defun tdls--location-xref (loc)
  "An xref item for the LSP location LOC (a .td declaration)."
  (let* ((file (tdls--uri-file (tdls--get loc :uri)))
         (start (tdls--get (tdls--get loc :range) :start))
         (line (tdls--get start :line))
         (character (tdls--get start :character)))
    (xref-make (format "%s:%d" (file-name-nondirectory file) (1+ line))
               (xref-make-file-location file (1+ line) character))))

(defun tdls--show-locations (locations what)
  "Go to the only one of LOCATIONS, or list them; WHAT names the search."
  (let ((locs (append locations nil)))
    (cond
     ((null locs) (message "tdls: no TableGen definition of %s" what))
     ((null (cdr locs))
      (let* ((loc (car locs))
             (start (tdls--get (tdls--get loc :range) :start)))
        (xref-push-marker-stack)
        (find-file (tdls--uri-file (tdls--get loc :uri)))
        (tdls--goto-utf16 (tdls--get start :line) (tdls--get start :character))))
     (t (let ((xrefs (mapcar #'tdls--location-xref locs)))
          (xref-push-marker-stack)
          (funcall xref-show-definitions-function (lambda () xrefs) nil))))))

;;;###autoload
(defun tdls-tablegen-definition ()
  "Go from the C++ name at point to its TableGen declaration.
An op, attribute, type, interface or pass class, an accessor (getLhs,
setLhsAttr, ...), a member a .td requires (the verify of FooOp::verify
goes to the op's hasVerifier), a function a DRR pattern calls.  Asked of
the tdls running for a .td buffer of the project (open one first); the
buffer's text goes with the request."
  (interactive)
  (let* ((file (or (buffer-file-name) (user-error "This buffer visits no file")))
         (server (or (tdls--server-buffer)
                     (user-error "tdls runs for no .td buffer: open a .td file of the project first")))
         (what (or (thing-at-point 'symbol t) "this"))
         (params (save-restriction
                   (widen)
                   (list :textDocument (list :uri (concat "file://" (url-hexify-string (expand-file-name file) url-path-allowed-chars)))
                         :position (list :line (1- (line-number-at-pos (point) t))
                                         :character (tdls--utf16-column (point)))
                         :text (buffer-substring-no-properties (point-min) (point-max)))))
         (from (current-buffer)))
    (with-current-buffer server
      (tdls--request :tdls/tableGenDefinition params
                     (lambda (result)
                       (with-current-buffer (if (buffer-live-p from) from (current-buffer))
                         (tdls--show-locations result what)))
                     (lambda (msg) (message "tdls: %s" msg))))))

;;;; Workspace trust

(declare-function jsonrpc-notify "jsonrpc")
(declare-function lsp-notify "lsp-mode")
(declare-function project-root "project")

(defun tdls--project-root ()
  "The root of the current buffer's project, or its directory."
  (let ((project (and (fboundp 'project-current) (project-current))))
    (expand-file-name (if project (project-root project) default-directory))))

(defun tdls--set-trust (dir trusted)
  "Trust DIR when TRUSTED, else stop trusting it: saved with the user's
customizations and told to the current buffer's server."
  (let* ((d (directory-file-name (expand-file-name dir)))
         (roots (cl-remove d (tdls--trusted-roots) :test #'string=)))
    (when trusted
      (setq roots (append roots (list d))))
    (condition-case err
        (customize-save-variable 'tdls-trusted-roots roots)
      (error (set-default 'tdls-trusted-roots roots)
             (message "tdls: %s is trusted for this session only: %s" d (error-message-string err))))
    (let ((params (list :trustedFolders (vconcat (tdls--trusted-roots)))))
      (ignore-errors
        (pcase (tdls--client)
          ('eglot (jsonrpc-notify (eglot-current-server) :tdls/didChangeTrust params))
          ('lsp-mode (lsp-notify "tdls/didChangeTrust" params)))))
    (message "tdls: %s %s" (if trusted "trusted" "no longer trusted") d)
    d))

(defun tdls-trust (dir)
  "Trust DIR (by default the current project's root): tdls may run its
build tree's mlir-tblgen and what its compile databases name."
  (interactive (list (read-directory-name "Trust the project: " (tdls--project-root))))
  (tdls--set-trust dir t))

(defun tdls-untrust (dir)
  "Stop trusting DIR (by default the current project's root)."
  (interactive (list (read-directory-name "Stop trusting the project: " (tdls--project-root))))
  (tdls--set-trust dir nil))

;;;; Previews of generated code

(defvar-local tdls--preview nil
  "In a preview buffer: what it shows (a `tdls--preview' record).")

(cl-defstruct (tdls--preview (:constructor tdls--make-preview))
  source          ; the .td buffer
  marker          ; where in it the entity is (nil: by name or whole file)
  what            ; the request's fields that say what: :kind / :generator / :name
  buffer          ; the preview buffer
  (comment "// ") ; how a line of an error text starts in it
  timer
  (seq 0)         ; the latest request; older answers are dropped
  last-good)      ; the last text generated without error

(defvar-local tdls--previews nil
  "In a .td buffer: the previews that follow it.")

(defun tdls--preview-request (p)
  "The tdls/generatedCode parameters of preview P, in its source buffer."
  (append (list :uri (plist-get (tdls--document) :uri))
          (when-let ((m (tdls--preview-marker p)))
            (list :position (tdls--position m)))
          (tdls--preview-what p)))

(defun tdls--set-preview-text (p text)
  "Show TEXT in the preview buffer of P."
  (let ((buf (tdls--preview-buffer p)))
    (when (buffer-live-p buf)
      (with-current-buffer buf
        (let ((inhibit-read-only t)
              (point (point)))
          (erase-buffer)
          (insert text)
          (goto-char (min point (point-max)))
          (set-buffer-modified-p nil))))))

(defun tdls--preview-error-text (reason previous &optional comment)
  "Why the preview failed (REASON), above the last code that worked (PREVIOUS).
COMMENT starts each line of the explanation (default \"// \")."
  (let ((c (or comment "// ")))
    (concat c "tdls could not generate the code:\n"
            (mapconcat (lambda (l) (concat c "  " l)) (split-string reason "\n") "\n")
            "\n"
            (when previous (concat (string-trim-right c) "\n" c "Last generated code:\n\n" previous)))))

(defun tdls--preview-refresh (p)
  "Ask the server again for the code of preview P."
  (when (and (buffer-live-p (tdls--preview-buffer p))
             (buffer-live-p (tdls--preview-source p)))
    (let ((seq (cl-incf (tdls--preview-seq p))))
      (with-current-buffer (tdls--preview-source p)
        (tdls--request
         :tdls/generatedCode (tdls--preview-request p)
         (lambda (result)
           (when (= seq (tdls--preview-seq p))
             (let ((text (tdls--get result :text)))
               (if (not (stringp text))
                   (tdls--set-preview-text
                    p (tdls--preview-error-text (format "tdls answered without text: %S" result)
                                                (tdls--preview-last-good p) (tdls--preview-comment p)))
                 (setf (tdls--preview-last-good p) text)
                 (tdls--set-preview-text p text)
                 (when (buffer-live-p (tdls--preview-buffer p))
                   (with-current-buffer (tdls--preview-buffer p)
                     (setq-local header-line-format
                                 (format " %s  (%s)" (or (tdls--get result :title) "")
                                         (string-join (delq nil (list (tdls--get result :engine)
                                                                      (tdls--get result :tool)))
                                                      ", ")))
                     (setq-local tdls-preview-generator (tdls--get result :generator))))))))
         (lambda (message)
           (when (= seq (tdls--preview-seq p))
             (tdls--set-preview-text
              p (tdls--preview-error-text (or message "unknown error") (tdls--preview-last-good p)
                                          (tdls--preview-comment p))))))))))

(defun tdls--after-change (&rest _)
  "Regenerate the previews of this buffer once the edits pause."
  (dolist (p tdls--previews)
    (when (timerp (tdls--preview-timer p))
      (cancel-timer (tdls--preview-timer p)))
    (setf (tdls--preview-timer p)
          (run-with-timer tdls-preview-delay nil #'tdls--preview-refresh p))))

(defun tdls--preview-killed ()
  "Forget the preview of the buffer being killed."
  (when-let ((p tdls--preview))
    (when (timerp (tdls--preview-timer p))
      (cancel-timer (tdls--preview-timer p)))
    (let ((src (tdls--preview-source p)))
      (when (buffer-live-p src)
        (with-current-buffer src
          (setq tdls--previews (delq p tdls--previews))
          (unless tdls--previews
            (remove-hook 'after-change-functions #'tdls--after-change t)))))
    (when (markerp (tdls--preview-marker p))
      (set-marker (tdls--preview-marker p) nil))))

(defvar-local tdls-preview-generator nil
  "In a preview buffer: the mlir-tblgen generator whose output it shows.")

(defun tdls--open-preview (what label &optional pos)
  "Show the code tdls/generatedCode answers for WHAT at POS (or by name).
WHAT is a plist of the request's :kind, :generator or :name; LABEL names
the buffer. Returns the preview buffer."
  (tdls--client)                        ; fail early without a server
  (let* ((src (current-buffer))
         (doc (equal (plist-get what :generator) "doc"))
         (buf (generate-new-buffer
               (format "*tdls %s: %s*" label (file-name-nondirectory (or buffer-file-name (buffer-name))))))
         (p (tdls--make-preview
             :source src
             :marker (when pos (copy-marker pos))
             :what what
             :buffer buf
             :comment (if doc "> " "// "))))
    (with-current-buffer buf
      (cond ((and doc (fboundp 'markdown-mode)) (markdown-mode))
            (doc (text-mode))
            ((fboundp 'c++-mode) (c++-mode))
            (t (fundamental-mode)))
      (setq buffer-read-only t)
      (setq tdls--preview p)
      (add-hook 'kill-buffer-hook #'tdls--preview-killed nil t))
    (push p tdls--previews)
    (add-hook 'after-change-functions #'tdls--after-change nil t)
    (tdls--set-preview-text p (concat (tdls--preview-comment p) "generating..."))
    (display-buffer buf '((display-buffer-reuse-window display-buffer-in-direction)
                          (direction . right)))
    (tdls--preview-refresh p)
    buf))

(defmacro tdls-define-preview (name label params doc)
  "Define the command NAME that previews generated code in a C++ buffer.
LABEL names its buffers; PARAMS are the fields of the tdls/generatedCode
request that say what to generate (:kind or :generator); DOC documents it.
With a prefix argument the command previews the whole file."
  (declare (indent 3) (doc-string 4))
  `(defun ,name (&optional whole-file)
     ,(concat doc "\nWith WHOLE-FILE (\\[universal-argument]), the whole file's.")
     (interactive "P")
     (tdls--open-preview (tdls--whole-file-params ,params whole-file)
                         ,label (unless whole-file (point)))))

(defun tdls--whole-file-params (params whole-file)
  "PARAMS, or with WHOLE-FILE their whole-file variant."
  (cond ((not whole-file) params)
        ((equal (plist-get params :kind) "rewriter")
         (plist-put (copy-sequence params) :kind "rewriters-file"))
        (t (append params (list :wholeFile t)))))

;;;###autoload (autoload 'tdls-show-rewriter "tdls" nil t)
(tdls-define-preview tdls-show-rewriter "rewriter" '(:kind "rewriter")
  "Show the C++ that mlir-tblgen --gen-rewriters makes of the DRR pattern at point.
The preview follows edits of the .td buffer.")

;;;###autoload (autoload 'tdls-show-declarations "tdls" nil t)
(tdls-define-preview tdls-show-declarations "decls" '(:generator "decls")
  "Show the C++ declarations mlir-tblgen generates for the entity at point.
The entity is an op, attribute, type, enum, interface, pass or dialect; the
generator follows from its kind (op-decls, attrdef-decls, ...).  The
preview follows edits of the .td buffer.")

;;;###autoload (autoload 'tdls-show-definitions "tdls" nil t)
(tdls-define-preview tdls-show-definitions "defs" '(:generator "defs")
  "Show the C++ definitions mlir-tblgen generates for the entity at point.
The preview follows edits of the .td buffer.")

;;;###autoload (autoload 'tdls-show-documentation "tdls" nil t)
(tdls-define-preview tdls-show-documentation "doc" '(:generator "doc")
  "Show the Markdown documentation mlir-tblgen generates for the entity at point.
The preview follows edits of the .td buffer.")

(defun tdls--preview-from-command (arguments view)
  "Open the preview the server's command asks for, with its ARGUMENTS:
[{uri, position?, name?, generator?, kind?, wholeFile?}]; VIEW is the
command's default (\"decls\" or \"rewriter\")."
  (let* ((target (and (> (length arguments) 0) (elt arguments 0)))
         (uri (tdls--get target :uri))
         (buf (if uri (find-file-noselect (tdls--uri-file uri)) (current-buffer))))
    (with-current-buffer buf
      (let* ((position (tdls--get target :position))
             (name (tdls--get target :name))
             (kind (tdls--get target :kind))
             (generator (or (tdls--get target :generator) (unless kind view)))
             (rewriter (or kind (equal generator "rewriter"))))
        (tdls--open-preview
         (append (when name (list :name name))
                 (if rewriter
                     (list :kind (or kind "rewriter"))
                   (list :generator generator))
                 (when (eq (tdls--get target :wholeFile) t) (list :wholeFile t)))
         (if rewriter "rewriter" generator)
         (when position (tdls--point position)))))))

(defun tdls--get (object key)
  "Field KEY (a keyword) of a JSON OBJECT as the client decoded it: a plist
\(eglot) or a hash table (lsp-mode)."
  (if (hash-table-p object)
      (gethash (substring (symbol-name key) 1) object)
    (plist-get object key)))

(defun tdls--uri-file (uri)
  "The file name of a file:// URI."
  (let ((path (url-unhex-string (string-remove-prefix "file://" uri))))
    (if (string-match-p "\\`/[A-Za-z]:" path) (substring path 1) path)))

(defun tdls--point (position)
  "The point of the LSP POSITION in the current buffer."
  (if (eq (tdls--client) 'eglot)
      (eglot--lsp-position-to-point position)
    (lsp--position-to-point position)))

(provide 'tdls)
;;; tdls.el ends here
